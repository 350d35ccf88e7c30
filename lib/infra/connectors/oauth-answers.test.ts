// The sign-in answer table and the token endpoint's failures: a cancellation on every
// platform, a documented refusal mapped to what the client is told, our own failure only
// when the platform gave no documented answer.
import { describe, expect, it } from "vitest";
import {
  CANCEL_VALUES,
  isSignInCancellation,
  OAUTH_ANSWERS,
  signInAnswer,
  tokenExchangeError,
} from "@/lib/infra/connectors/oauth-answers";
import { anyIncludes, roleIncludes } from "@/lib/infra/connectors/role-order";

const res = (status: number) => ({ status, headers: {}, text: "", json: null });

describe("sign-in answers", () => {
  it("every live platform maps access_denied to a cancellation, and LinkedIn's and Meta's own cancel values too", () => {
    for (const platform of ["meta", "google", "tiktok", "linkedin", "pinterest", "microsoft"])
      expect(signInAnswer(platform, "access_denied")).toBe("denied");
    expect(signInAnswer("linkedin", "user_cancelled_authorize")).toBe("denied");
    expect(signInAnswer("linkedin", "user_cancelled_login")).toBe("denied");
    expect(signInAnswer("meta", "anything", "user_denied")).toBe("denied");
    expect(signInAnswer("microsoft", "consent_required")).toBe("denied");
    expect(CANCEL_VALUES).toEqual(
      expect.arrayContaining(["access_denied", "user_cancelled_authorize", "user_cancelled_login", "consent_required"]),
    );
    expect(isSignInCancellation("user_cancelled_login")).toBe(true);
    expect(isSignInCancellation("server_error")).toBe(false);
    expect(isSignInCancellation(null)).toBe(false);
  });

  it("refusals are the platform's, never ours; an undocumented value is a refusal", () => {
    expect(signInAnswer("google", "admin_policy_enforced")).toBe("policy");
    expect(signInAnswer("microsoft", "temporarily_unavailable")).toBe("busy");
    expect(signInAnswer("pinterest", "invalid_scope")).toBe("setup");
    expect(signInAnswer(null, "redirect_uri_mismatch")).toBe("setup");
    expect(signInAnswer("tiktok", "brand_new_value")).toBe("refused");
    for (const table of Object.values(OAUTH_ANSWERS)) expect(table.invalid_grant).toBe("expired");
  });

  it("a token endpoint's answer: expired code, outage, app settings, or (undocumented) our failure", () => {
    expect(tokenExchangeError("google", "Google", res(400), "invalid_grant")).toMatchObject({
      kind: "invalid_state",
      answer: "expired",
    });
    expect(tokenExchangeError("linkedin", "LinkedIn", res(503), null)).toMatchObject({
      kind: "rate_limited",
      answer: "busy",
    });
    expect(tokenExchangeError("linkedin", "LinkedIn", res(401), "invalid_client")).toMatchObject({
      kind: "platform_error",
      answer: "setup",
    });
    expect(tokenExchangeError("pinterest", "Pinterest", res(400), null)).toMatchObject({
      kind: "server_error",
      answer: null,
    });
  });
});

describe("role order", () => {
  it("a role includes itself and every role after it in its chain; unrelated roles include neither", () => {
    const order = [["ADMIN", "CAMPAIGN_MANAGER", "ANALYST"]];
    expect(roleIncludes(order, "ADMIN", "ANALYST")).toBe(true);
    expect(roleIncludes(order, "ANALYST", "ADMIN")).toBe(false);
    expect(roleIncludes(order, "FINANCE_MANAGER", "ANALYST")).toBe(false);
    expect(roleIncludes(order, "FINANCE_MANAGER", "FINANCE_MANAGER")).toBe(true);
    expect(anyIncludes(order, ["FINANCE_MANAGER", "CAMPAIGN_MANAGER"], "ANALYST")).toBe(true);
    expect(anyIncludes(order, [], "ANALYST")).toBe(false);
  });
});
