// Checks the small pure helpers of the access pages: field error codes in URLs, signed
// attempt notices, token sealing, accent colours, page locales and page paths.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { accentColors, contrastRatio } from "@/lib/surfaces/client-pages/accent-color";
import {
  accessErrorMessage,
  ACCESS_ERROR_CODES,
  toAccessPageError,
} from "@/lib/surfaces/client-pages/access-page-error";
import { pagePath, withParams } from "@/lib/surfaces/client-pages/access-http";
import { openAttemptNotice, sealAttemptNotice } from "@/lib/surfaces/client-pages/attempt-notice";
import {
  decodeFieldErrors,
  encodeFieldErrors,
  fieldErrorMessage,
  FIELD_ERROR_CODES,
} from "@/lib/surfaces/client-pages/field-errors";
import { localeFromAcceptLanguage, pageLocale } from "@/lib/surfaces/client-pages/page-locale";
import { decryptText, encryptText, signValue, verifyValue } from "@/lib/infra/secrets/crypto";
import { ApiError } from "@/lib/core/common/api-error";
import { LOCALES } from "@/lib/infra/i18n/dictionary";

const SECRET = "s".repeat(40);

describe("field errors", () => {
  it("round-trips through the URL and drops anything unknown", () => {
    const fields = { "q.0f8e": "required", email: "emailInvalid" } as const;
    expect(decodeFieldErrors(encodeFieldErrors(fields))).toEqual(fields);
    expect(decodeFieldErrors("name:evil,<b>:required,x:tooLong200,:required")).toEqual({ x: "tooLong200" });
    expect(decodeFieldErrors(null)).toEqual({});
  });

  it("has words for every code and every error in every language", () => {
    for (const locale of LOCALES) {
      for (const code of FIELD_ERROR_CODES) expect(fieldErrorMessage(locale, code).length).toBeGreaterThan(0);
      for (const code of ACCESS_ERROR_CODES)
        expect(accessErrorMessage(locale, code, { platform: "Meta" })).not.toMatch(/[{}]/);
    }
    expect(fieldErrorMessage("nl", "tooLong1000")).toBe("Het antwoord is te lang (maximaal 1000 tekens)");
  });
});

describe("errors", () => {
  it("maps domain errors onto page codes", () => {
    expect(toAccessPageError(new ApiError("INVALID_STATE", "x")).code).toBe("not_allowed");
    expect(toAccessPageError(new ApiError("PLAN_LIMIT_REACHED", "x")).code).toBe("link_unavailable");
    expect(toAccessPageError(new ApiError("RATE_LIMITED", "x")).code).toBe("rate_limited");
  });
});

describe("signed values", () => {
  it("opens only what it sealed, for the same request, before it expires", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const sealed = sealAttemptNotice("r1", { serviceId: "meta_ads", outcome: "failed", errors: ["No"] }, SECRET, now);
    expect(openAttemptNotice("r1", sealed, SECRET, now)).toEqual({
      serviceId: "meta_ads",
      outcome: "failed",
      errors: ["No"],
    });
    expect(openAttemptNotice("r2", sealed, SECRET, now)).toBeNull();
    expect(openAttemptNotice("r1", sealed, "t".repeat(40), now)).toBeNull();
    expect(openAttemptNotice("r1", sealed, SECRET, new Date("2026-11-21T13:00:01Z"))).toBeNull();
    expect(openAttemptNotice("r1", sealed.replace(/^./, "A"), SECRET, now)).toBeNull();
    // A value signed for another purpose does not pass as a notice.
    expect(verifyValue("other", sealed, SECRET)).toBeNull();
    expect(verifyValue("p", signValue("p", { a: 1 }, SECRET), SECRET)).toEqual({ a: 1 });
  });

  it("encrypts session tokens", () => {
    const key = randomBytes(32);
    const sealed = encryptText("sandbox-token:meta", key);
    expect(sealed).not.toContain("sandbox");
    expect(decryptText(sealed, key)).toBe("sandbox-token:meta");
    expect(decryptText(sealed, randomBytes(32))).toBeNull();
    expect(decryptText("garbage", key)).toBeNull();
  });
});

describe("accent colours", () => {
  it("falls back to the default and picks readable text", () => {
    expect(accentColors(null)).toEqual({ background: "#4f46e5", foreground: "#ffffff" });
    expect(accentColors("red; background:url(x)").background).toBe("#4f46e5");
    expect(accentColors("#FDE047")).toEqual({ background: "#fde047", foreground: "#000000" });
    for (const c of ["#000000", "#ffffff", "#ff0000", "#00ff00", "#777777"]) {
      const { background, foreground } = accentColors(c);
      expect(contrastRatio(background, foreground)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("locales and paths", () => {
  it("picks a page language", () => {
    expect(localeFromAcceptLanguage("nl-NL,nl;q=0.9,en;q=0.8")).toBe("nl");
    expect(localeFromAcceptLanguage("fr-FR,es;q=0.5")).toBe("es");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
    expect(pageLocale("es", "nl")).toBe("es");
    expect(pageLocale("xx", "nl")).toBe("nl");
  });

  it("builds page paths", () => {
    expect(pagePath("embed", "abc", { notice: "granted", service: undefined })).toBe("/embed/abc?notice=granted");
    expect(pagePath("invite", "abc")).toBe("/i/abc");
    expect(withParams("/l/x?lang=es", { error: "invalid_input" })).toBe("/l/x?lang=es&error=invalid_input");
  });
});
