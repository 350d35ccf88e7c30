// The removal link's email: the client's language (English, Spanish, Dutch, English for
// anything else), the link in both bodies, the expiry date, and escaped HTML.
import { describe, expect, it } from "vitest";
import { renderRemovalEmail } from "@/lib/core/removal-links/render-removal-email";

const base = {
  agencyName: "Acme <Agency>",
  accentColor: "#123456",
  clientName: "Ana",
  platformName: "Meta",
  url: "https://app.example/r/abc",
  expiresAt: new Date("2026-12-01T10:00:00Z"),
};

describe("renderRemovalEmail", () => {
  it("speaks the client's language", async () => {
    expect((await renderRemovalEmail({ ...base, language: "English" })).subject).toBe(
      "Acme <Agency> asks you to remove its access",
    );
    expect((await renderRemovalEmail({ ...base, language: "Spanish" })).subject).toBe(
      "Acme <Agency> te pide que retires su acceso",
    );
    expect((await renderRemovalEmail({ ...base, language: "Dutch" })).subject).toBe(
      "Acme <Agency> vraagt je om zijn toegang in te trekken",
    );
    expect((await renderRemovalEmail({ ...base, language: "Klingon" })).subject).toBe(
      "Acme <Agency> asks you to remove its access",
    );
    expect((await renderRemovalEmail({ ...base, language: "Dutch" })).text).toContain(
      "Deze link werkt één keer en tot 2026-12-01.",
    );
  });

  it("carries the link and escapes the agency's name in HTML", async () => {
    const mail = await renderRemovalEmail({ ...base, language: "English" });
    expect(mail.text).toContain("Review and remove access: https://app.example/r/abc");
    expect(mail.html).toContain('href="https://app.example/r/abc"');
    expect(mail.html).toContain("Acme &lt;Agency&gt;");
    expect(mail.html).not.toContain("<Agency>");
    expect(mail.html).toContain("background:#123456");
  });
});
