// Checks the client-page dictionary: complete and non-empty in every locale,
// same placeholders everywhere, actually translated, and `t()` interpolation.

import { describe, expect, it } from "vitest";
import {
  LANGUAGES,
  LOCALES,
  dictionaries,
  interpolate,
  isLanguage,
  isMessageKey,
  languageToLocale,
  localeForLanguage,
  localeToLanguage,
  t,
  type MessageKey,
} from "@/lib/infra/i18n/dictionary";

const keys = Object.keys(dictionaries.en) as MessageKey[];

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

describe("dictionary", () => {
  it.each(LOCALES)("has every key, non-empty and trimmed, in %s", (locale) => {
    const messages = dictionaries[locale];
    expect(Object.keys(messages).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const text = messages[key];
      expect(typeof text, key).toBe("string");
      expect(text.trim().length, key).toBeGreaterThan(0);
      expect(text, key).toBe(text.trim());
    }
  });

  it.each(LOCALES)("uses exactly the English placeholders and balanced braces in %s", (locale) => {
    for (const key of keys) {
      const text = dictionaries[locale][key];
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(dictionaries.en[key]));
      const stripped = text.replace(/\{\w+\}/g, "");
      expect(stripped, `${locale} ${key}`).not.toMatch(/[{}]/);
    }
  });

  it.each(["es", "nl"] as const)("translates almost every message into %s", (locale) => {
    const same = keys.filter((key) => dictionaries[locale][key] === dictionaries.en[key]);
    // A few words may legitimately match English; copy-pasted blocks would not.
    expect(same.length, `untranslated: ${same.join(", ")}`).toBeLessThanOrEqual(Math.floor(keys.length * 0.05));
  });

  it("keeps es and nl apart from each other", () => {
    const same = keys.filter((key) => dictionaries.es[key] === dictionaries.nl[key]);
    expect(same).toEqual([]);
  });

  it("has the texts the client pages name", () => {
    expect(t("en", "client.title", { agency: "Acme" })).toBe("Grant access to Acme");
    expect(t("en", "grant.genericError")).toBe("Something went wrong on our side. Please try again.");
    expect(t("en", "thankYou.default", { agency: "Acme" })).toBe("Thank you! Acme now has the access it needs.");
    expect(t("en", "action.inviteSent")).toBe("I've sent the invite");
    expect(t("en", "final.notFound.title")).toBe("Link not found");
  });
});

describe("t", () => {
  it("fills every placeholder, numbers included", () => {
    expect(t("en", "client.progress", { done: 2, total: 5 })).toBe("2 of 5 done");
    expect(t("es", "client.progress", { done: 2, total: 5 })).toBe("2 de 5 completados");
    expect(t("nl", "client.progress", { done: 2, total: 5 })).toBe("2 van 5 klaar");
    expect(t("nl", "manual.step.invite", { agencyAccount: "team@agency.test", role: "Admin" })).toBe(
      "Nodig team@agency.test uit met de rol Admin.",
    );
    expect(t("es", "sandbox.request", { agency: "Acme", platform: "Meta" })).toBe(
      "Acme solicita administrar tus activos de Meta",
    );
  });

  it("fills a placeholder each time it occurs and does not re-read inserted text", () => {
    expect(interpolate("{a} and {a}", { a: "x" })).toBe("x and x");
    expect(interpolate("{a} {b}", { a: "{b}", b: "y" })).toBe("{b} y");
  });

  it("leaves a placeholder without a value as written", () => {
    expect(interpolate("Hello {name}", {})).toBe("Hello {name}");
    expect(interpolate("Hello {toString}", {})).toBe("Hello {toString}");
    expect(interpolate("Hello {name}")).toBe("Hello {name}");
  });

  it("checks keys and params at compile time", () => {
    // @ts-expect-error unknown key
    expect(t("en", "no.such.key")).toBe("no.such.key");
    // @ts-expect-error missing a required param
    expect(t("en", "client.title")).toBe("Grant access to {agency}");
    // @ts-expect-error params object lacks one placeholder
    expect(t("en", "client.progress", { done: 1 })).toBe("1 of {total} done");
    // A dynamic key over placeholder-free messages needs no params.
    const status = "granted" as "pending" | "granted" | "skipped";
    expect(t("es", `serviceStatus.${status}`)).toBe("Concedido");
  });
});

describe("languages and locales", () => {
  it("maps the API's language names to locales and back", () => {
    expect(languageToLocale("English")).toBe("en");
    expect(languageToLocale("Spanish")).toBe("es");
    expect(languageToLocale("Dutch")).toBe("nl");
    for (const language of LANGUAGES) expect(localeToLanguage(languageToLocale(language))).toBe(language);
  });

  it("names each language in every locale", () => {
    expect(LANGUAGES.map((l) => t("es", `language.${l}`))).toEqual(["Inglés", "Español", "Neerlandés"]);
    expect(LANGUAGES.map((l) => t("nl", `language.${l}`))).toEqual(["Engels", "Spaans", "Nederlands"]);
  });

  it("falls back to English for stored values that are not a known language", () => {
    expect(localeForLanguage("Dutch")).toBe("nl");
    expect(localeForLanguage("dutch")).toBe("en");
    expect(localeForLanguage(null)).toBe("en");
    expect(isLanguage("Spanish")).toBe(true);
    expect(isLanguage("French")).toBe(false);
  });

  it("recognises message keys, not inherited names", () => {
    expect(isMessageKey("client.title")).toBe(true);
    expect(isMessageKey("toString")).toBe(false);
    expect(isMessageKey("shopify.step1")).toBe(false);
  });
});
