// Every documented sign-in answer of the live platforms, through the app's real routes:
// the client starts a grant, the platform sends the browser back with an OAuth error
// instead of a code, and the client page says what happened. A cancellation (every
// documented cancel value, and Meta's error_reason=user_denied) says the client cancelled
// and nothing was shared; a platform's refusal says why, in the client's language; never
// "Something went wrong on our side", which is kept for our own failures.
import { describe, expect, it } from "vitest";
import { OAUTH_ANSWERS } from "@/lib/infra/connectors/oauth-answers";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { accessErrorMessage, isAccessErrorCode } from "@/lib/surfaces/client-pages/access-page-error";
import {
  requestRow,
  eventsOf,
  seedAccessAgency,
  seedAccessRequest,
  type ServiceAsk,
} from "@/test/support/access-fixtures";
import { useRealConnectorApp, walkClientSignInAnswer } from "@/test/support/connector-journey";

const SERVICES: Record<string, [string, ServiceAsk, string]> = {
  meta: ["meta_ads", { accessLevel: "analyst" }, "Meta"],
  google: ["google_analytics", { accessLevel: "analyst" }, "Google"],
  tiktok: ["tiktok_ads", { accessLevel: "analyst" }, "TikTok"],
  linkedin: ["linkedin_ads", { accessLevel: "viewer" }, "LinkedIn"],
  pinterest: ["pinterest_ads", { accessLevel: "analyst" }, "Pinterest"],
  microsoft: ["microsoft_ads", { accessLevel: "viewer" }, "Microsoft Advertising"],
  snapchat: ["snapchat_ads", { accessLevel: "reports" }, "Snapchat"],
  hubspot: ["hubspot_portal", { accessLevel: "view_only" }, "HubSpot"],
};

// What the client page shows for the answer's code, in the request's language (the page
// renders `accessErrorMessage` for `?error=`).
function shown(page: URL, locale: Locale, platform: string): string {
  const code = page.searchParams.get("error");
  if (!isAccessErrorCode(code)) throw new Error(`not an error code: ${code}`);
  return accessErrorMessage(locale, code, { platform });
}

describe("sign-in answers on the client page, every live platform", () => {
  const app = useRealConnectorApp(() => ({
    META_APP_ID: "1234567890",
    META_APP_SECRET: "meta-secret-000",
    GOOGLE_CLIENT_ID: "google-client-id",
    GOOGLE_CLIENT_SECRET: "google-secret-000",
    TIKTOK_APP_ID: "tiktok-app",
    TIKTOK_APP_SECRET: "tiktok-secret-000",
    LINKEDIN_CLIENT_ID: "linkedin-client",
    LINKEDIN_CLIENT_SECRET: "linkedin-secret-000",
    PINTEREST_APP_ID: "pinterest-app",
    PINTEREST_APP_SECRET: "pinterest-secret-000",
    MICROSOFT_CLIENT_ID: "microsoft-client",
    MICROSOFT_CLIENT_SECRET: "microsoft-secret-000",
    MICROSOFT_ADS_DEVELOPER_TOKEN: "ms-dev-token",
    SNAPCHAT_CLIENT_ID: "snapchat-client",
    SNAPCHAT_CLIENT_SECRET: "snapchat-secret-000",
    HUBSPOT_CLIENT_ID: "hubspot-client",
    HUBSPOT_CLIENT_SECRET: "hubspot-secret-000",
  }));

  async function answer(platform: string, params: Record<string, string>, language?: "Spanish" | "Dutch") {
    const [serviceId, ask] = SERVICES[platform]!;
    const agency = await seedAccessAgency([platform]);
    const { requestId, token } = await seedAccessRequest(agency, { [serviceId]: ask }, language ? { language } : {});
    const walked = await walkClientSignInAnswer({ base: app.base, token, serviceId, answer: params });
    return { ...walked, requestId, serviceId };
  }

  for (const [platform, table] of Object.entries(OAUTH_ANSWERS)) {
    const cancels = Object.entries(table)
      .filter(([, a]) => a === "denied")
      .map(([value]) => value);
    it(`${platform}: every documented cancellation (${cancels.join(", ")}) says the client cancelled and nothing was shared`, async () => {
      expect(cancels.length).toBeGreaterThan(0);
      for (const value of cancels) {
        const { page, requestId, serviceId } = await answer(platform, {
          error: value,
          error_description: "The user cancelled",
        });
        expect(page.searchParams.get("error"), value).toBe("denied");
        expect(shown(page, "en", SERVICES[platform]![2]), value).toBe("You cancelled the sign-in. Nothing was shared.");
        // Not an attempt: nothing reached the platform, the service stays pending.
        expect((await requestRow(requestId)).services.find((s) => s.serviceId === serviceId)!.status).toBe("pending");
        expect((await eventsOf(requestId)).map((e) => e.type)).not.toContain("connection.attempt_completed");
      }
    });
  }

  it("meta: error_reason=user_denied is a cancellation whatever the error value", async () => {
    const { page } = await answer("meta", {
      error: "access_denied",
      error_reason: "user_denied",
      error_code: "200",
      error_description: "Permissions error",
    });
    expect(page.searchParams.get("error")).toBe("denied");
    const other = await answer("meta", { error_reason: "user_denied" });
    expect(other.page.searchParams.get("error")).toBe("denied");
  });

  it("linkedin: the cancellation is told in the client's language", async () => {
    const es = await answer("linkedin", { error: "user_cancelled_authorize" }, "Spanish");
    expect(shown(es.page, "es", "LinkedIn")).toBe(t("es", "grant.denied"));
    const nl = await answer("linkedin", { error: "user_cancelled_login" }, "Dutch");
    expect(shown(nl.page, "nl", "LinkedIn")).toBe(t("nl", "grant.denied"));
  });

  it("a platform's refusal shows its reason in the client's language, never our failure", async () => {
    const cases: [
      string,
      Record<string, string>,
      string,
      "signIn.busy" | "signIn.again" | "signIn.policy" | "signIn.browser" | "signIn.setup" | "signIn.refused",
    ][] = [
      ["google", { error: "admin_policy_enforced" }, "sign_in_policy", "signIn.policy"],
      ["google", { error: "disallowed_useragent" }, "sign_in_browser", "signIn.browser"],
      ["microsoft", { error: "temporarily_unavailable" }, "sign_in_busy", "signIn.busy"],
      ["microsoft", { error: "interaction_required" }, "sign_in_again", "signIn.again"],
      ["linkedin", { error: "unauthorized_scope_error" }, "sign_in_setup", "signIn.setup"],
      ["tiktok", { error: "server_error" }, "sign_in_busy", "signIn.busy"],
      ["pinterest", { error: "something_new" }, "sign_in_refused", "signIn.refused"],
    ];
    for (const [platform, params, code, key] of cases) {
      const { page } = await answer(platform, params);
      expect(page.searchParams.get("error"), params.error).toBe(code);
      expect(shown(page, "en", SERVICES[platform]![2]), params.error).toBe(
        t("en", key, { platform: SERVICES[platform]![2] }),
      );
      expect(shown(page, "en", SERVICES[platform]![2]), params.error).not.toBe(t("en", "grant.genericError"));
    }
    const es = await answer("google", { error: "org_internal" }, "Spanish");
    expect(shown(es.page, "es", "Google")).toBe(t("es", "signIn.policy", { platform: "Google" }));
  });
});
