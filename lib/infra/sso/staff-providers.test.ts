// How each provider's documented claims are read: Google's and a generic provider's
// email_verified, Entra ID's xms_edov (it sends no email_verified), and the amr claim
// saying whether the provider used a second factor.
import { describe, expect, it } from "vitest";
import { readStaffClaims } from "@/lib/infra/sso/staff-providers";

describe("readStaffClaims", () => {
  it("takes email_verified for Google and a generic provider", () => {
    const base = { sub: "1", iss: "https://accounts.google.com", email: "A@Agency.com" };
    expect(readStaffClaims("google", { ...base, email_verified: true })).toMatchObject({
      email: "a@agency.com",
      emailVerified: true,
    });
    expect(readStaffClaims("oidc", { ...base, email_verified: false }).emailVerified).toBe(false);
    expect(readStaffClaims("oidc", base).emailVerified).toBe(false);
  });

  it("takes xms_edov for Microsoft, and never an email_verified it does not send", () => {
    const base = { sub: "1", iss: "https://login.microsoftonline.com/t/v2.0", email: "a@agency.com" };
    expect(readStaffClaims("microsoft", { ...base, xms_edov: true }).emailVerified).toBe(true);
    expect(readStaffClaims("microsoft", base).emailVerified).toBe(false);
  });

  it("says whether a second factor was used when amr says so, and null when it does not say", () => {
    expect(readStaffClaims("oidc", { sub: "1", amr: ["pwd", "mfa"] }).mfa).toBe(true);
    expect(readStaffClaims("oidc", { sub: "1", amr: ["pwd"] }).mfa).toBe(false);
    expect(readStaffClaims("oidc", { sub: "1" }).mfa).toBeNull();
  });

  it("never counts a verified flag without an email", () => {
    expect(readStaffClaims("oidc", { sub: "1", email_verified: true })).toMatchObject({
      email: null,
      emailVerified: false,
    });
  });
});
