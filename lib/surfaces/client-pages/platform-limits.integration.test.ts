// Rate limits and outages through the client page, with the real connectors against their
// contract fakes: each fake answers its platform's documented limit (TikTok code 40100,
// LinkedIn and Pinterest 429 with Retry-After, Microsoft Advertising's CallRateExceeded
// throttling fault, Meta's Graph codes 4, 17, 32 and 613 with `x-business-use-case-usage`,
// Google's 429 RESOURCE_EXHAUSTED and the Google Ads API's quotaError RESOURCE_EXHAUSTED) or a
// 5xx on every call. The connector retries within the attempt's budget; then the client is
// told to try again in a few minutes (never "something went wrong on our side", never a 5xx
// from the app), the service stays pending, and the next attempt, once the platform answers
// again, grants.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "@/lib/infra/i18n/dictionary";
import { eventsOf, requestRow } from "@/test/support/access-fixtures";
import {
  postClientGrant,
  seedConnectorRequest,
  useRealConnectorApp,
  walkClientGrant,
  walkClientSignIn,
} from "@/test/support/connector-journey";
import { GOOGLE_FAKE, startGoogleFake, type GoogleFake } from "@/test/support/fakes/google-fake";
import { LINKEDIN_FAKE, startLinkedInFake, type LinkedInFake } from "@/test/support/fakes/linkedin-fake";
import {
  META_FAKE_APP,
  META_FAKE_USERS,
  hostOverrides as metaOverrides,
  startMetaFake,
  type MetaFake,
} from "@/test/support/fakes/meta-fake";
import { MICROSOFT_FAKE, startMicrosoftFake, type MicrosoftFake } from "@/test/support/fakes/microsoft-fake";
import { PINTEREST_FAKE, startPinterestFake, type PinterestFake } from "@/test/support/fakes/pinterest-fake";
import { startTikTokFake, TIKTOK_FAKE, type TikTokFake } from "@/test/support/fakes/tiktok-fake";

let tiktok: TikTokFake;
let linkedin: LinkedInFake;
let pinterest: PinterestFake;
let microsoft: MicrosoftFake;
let meta: MetaFake;
let google: GoogleFake;

beforeAll(async () => {
  [tiktok, linkedin, pinterest, microsoft, meta, google] = await Promise.all([
    startTikTokFake(),
    startLinkedInFake(),
    startPinterestFake(),
    startMicrosoftFake(),
    startMetaFake(),
    startGoogleFake(),
  ]);
});
afterAll(async () => Promise.all([tiktok, linkedin, pinterest, microsoft, meta, google].map((f) => f?.close())));
const fakes = () => [tiktok, linkedin, pinterest, microsoft, meta, google];

type Case = {
  platform: string;
  /** The test's name when one platform has several cases. */
  label?: string;
  /** What this case tries (both unless said). */
  troubles?: readonly ("limit" | "outage")[];
  name: string;
  serviceId: string;
  accessLevel: string;
  account: Parameters<typeof seedConnectorRequest>[1];
  consentOrigin: () => string;
  asset: string;
  limit: (on: boolean) => void;
  outage: (on: boolean) => void;
  granted: () => boolean;
};

const CASES: Case[] = [
  {
    platform: "tiktok",
    name: "TikTok",
    serviceId: "tiktok_ads",
    accessLevel: "analyst",
    account: { email: TIKTOK_FAKE.agencyEmail, business: { id: TIKTOK_FAKE.agencyBcId, name: "Agency BC" } },
    consentOrigin: () => tiktok.hosts["business-api.tiktok.com"]!,
    asset: TIKTOK_FAKE.businessCenters[0]!.advertisers[0]![0],
    limit: (on) => (tiktok.switches.rateLimitAlways = on),
    outage: (on) => (tiktok.switches.outage = on),
    granted: () =>
      tiktok.shares
        .get(TIKTOK_FAKE.businessCenters[0]!.bcId)
        ?.get(TIKTOK_FAKE.agencyBcId)
        ?.has(TIKTOK_FAKE.businessCenters[0]!.advertisers[0]![0]) ?? false,
  },
  {
    platform: "linkedin",
    name: "LinkedIn",
    serviceId: "linkedin_ads",
    accessLevel: "viewer",
    account: { email: "linkedin@agency.test", platformAccountId: LINKEDIN_FAKE.agencyMember },
    consentOrigin: () => linkedin.hosts["www.linkedin.com"]!,
    asset: LINKEDIN_FAKE.adAccounts[0]![0],
    limit: (on) => (linkedin.switches.rateLimitAlways = on),
    outage: (on) => (linkedin.switches.outage = on),
    granted: () => linkedin.adUsers.get(LINKEDIN_FAKE.adAccounts[0]![0])?.has(LINKEDIN_FAKE.agencyMember) ?? false,
  },
  {
    platform: "pinterest",
    name: "Pinterest",
    serviceId: "pinterest_ads",
    accessLevel: "analyst",
    account: {
      platformAccountId: PINTEREST_FAKE.agencyBusiness,
      business: { id: PINTEREST_FAKE.agencyBusiness, name: "Agency Biz" },
    },
    consentOrigin: () => pinterest.hosts["www.pinterest.com"]!,
    asset: PINTEREST_FAKE.adAccounts[0]![0],
    limit: (on) => (pinterest.switches.rateLimitAlways = on),
    outage: (on) => (pinterest.switches.outage = on),
    granted: () => [...pinterest.invites.values()].some((i) => PINTEREST_FAKE.adAccounts[0]![0] in i.assets),
  },
  {
    platform: "microsoft",
    name: "Microsoft Advertising",
    serviceId: "microsoft_ads",
    accessLevel: "viewer",
    account: { email: MICROSOFT_FAKE.agencyEmail },
    consentOrigin: () => microsoft.hosts["login.microsoftonline.com"]!,
    asset: MICROSOFT_FAKE.customers[0]!.accounts[0]![0],
    limit: (on) => (microsoft.switches.rateLimitAlways = on),
    outage: (on) => (microsoft.switches.outage = on),
    granted: () => microsoft.calls.some((c) => c.path.endsWith("/UserInvitation/Send")),
  },
  // Meta: each documented rate-limit code in turn (application 4, user 17, Page 32, custom 613).
  ...([4, 17, 32, 613] as const).map((code): Case => ({
    platform: "meta",
    label: `meta (code ${code})`,
    troubles: code === 17 ? ["limit", "outage"] : ["limit"],
    name: "Meta",
    serviceId: "meta_ads",
    accessLevel: "analyst",
    account: {
      email: META_FAKE_USERS.agency.email,
      platformAccountId: META_FAKE_USERS.agency.id,
      business: { id: META_FAKE_USERS.agency.businesses[0]!.id, name: "Agency Main BM" },
    },
    consentOrigin: () => meta.hosts["www.facebook.com"]!,
    asset: "act_1001",
    limit: (on) => (meta.switches.rateLimitAlways = on ? code : 0),
    outage: (on) => (meta.switches.outage = on),
    granted: () => meta.partners.get("act_1001")?.has(META_FAKE_USERS.agency.businesses[0]!.id) ?? false,
  })),
  {
    platform: "google",
    name: "Google",
    serviceId: "google_analytics",
    accessLevel: "viewer",
    account: { email: GOOGLE_FAKE.agencyEmail },
    consentOrigin: () => google.hosts["accounts.google.com"]!,
    asset: "properties/1001",
    limit: (on) => (google.switches.rateLimitAlways = on),
    outage: (on) => (google.switches.serverError = on),
    granted: () => google.calls.some((c) => c.method === "POST" && c.path.endsWith("/properties/1001/accessBindings")),
  },
  {
    platform: "google",
    label: "google (Google Ads)",
    name: "Google",
    serviceId: "google_ads",
    accessLevel: "read_only",
    account: { email: GOOGLE_FAKE.agencyEmail },
    consentOrigin: () => google.hosts["accounts.google.com"]!,
    asset: "4440001111",
    limit: (on) => (google.switches.rateLimitAlways = on),
    outage: (on) => (google.switches.serverError = on),
    granted: () =>
      google.calls.some((c) => c.path.endsWith("/customers/4440001111/customerUserAccessInvitations:mutate")),
  },
];

describe("rate limits and outages on the client page", () => {
  const app = useRealConnectorApp(() => ({
    TIKTOK_APP_ID: TIKTOK_FAKE.appId,
    TIKTOK_APP_SECRET: TIKTOK_FAKE.appSecret,
    LINKEDIN_CLIENT_ID: LINKEDIN_FAKE.clientId,
    LINKEDIN_CLIENT_SECRET: LINKEDIN_FAKE.clientSecret,
    PINTEREST_APP_ID: PINTEREST_FAKE.appId,
    PINTEREST_APP_SECRET: PINTEREST_FAKE.appSecret,
    MICROSOFT_CLIENT_ID: MICROSOFT_FAKE.clientId,
    MICROSOFT_CLIENT_SECRET: MICROSOFT_FAKE.clientSecret,
    MICROSOFT_ADS_DEVELOPER_TOKEN: MICROSOFT_FAKE.developerToken,
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
    PLATFORM_HOST_OVERRIDES: [
      ...[tiktok, linkedin, pinterest, microsoft, google].map((f) => f.overrides),
      metaOverrides(meta.hosts),
    ].join(","),
  }));

  for (const c of CASES) {
    for (const trouble of c.troubles ?? (["limit", "outage"] as const)) {
      it(`${c.label ?? c.platform}: ${trouble === "limit" ? "a rate limit" : "a 5xx outage"} that outlasts the retries says try again in a few minutes, keeps the service pending, and the next attempt grants`, async () => {
        for (const f of fakes()) f.reset();
        const { requestId, token } = await seedConnectorRequest(c.platform, c.account, {
          [c.serviceId]: { accessLevel: c.accessLevel },
        });
        const { sessionId } = await walkClientSignIn({
          base: app.base,
          token,
          serviceId: c.serviceId,
          consentOrigin: c.consentOrigin(),
        });
        c[trouble](true);
        const calls = () => fakes().reduce((n, f) => n + f.calls.length, 0);
        const before = calls();
        await postClientGrant({ base: app.base, token, serviceId: c.serviceId, sessionId, assets: [c.asset] });
        expect(calls() - before, "retried").toBeGreaterThan(1);
        c[trouble](false);

        const svc = (await requestRow(requestId)).services.find((s) => s.serviceId === c.serviceId)!;
        expect(svc.status).toBe("pending");
        const attempt = (await eventsOf(requestId)).find((e) => e.type === "connection.attempt_completed")!.data
          .attempt as {
          outcome: string;
          errors: string[];
          services: { errors: string[] }[];
        };
        expect(attempt.outcome).toBe("failed");
        const shown = [...attempt.errors, ...attempt.services.flatMap((s) => s.errors)];
        expect(shown).toEqual([t("en", "grant.rateLimited", { platform: c.name })]);
        expect(shown.join(" ")).not.toContain(t("en", "grant.genericError"));

        // Nothing was lost: the client signs in again and the grant goes through.
        await walkClientGrant({
          base: app.base,
          token,
          serviceId: c.serviceId,
          consentOrigin: c.consentOrigin(),
          assets: [c.asset],
        });
        expect(c.granted()).toBe(true);
        expect((await requestRow(requestId)).services.find((s) => s.serviceId === c.serviceId)!.status).not.toBe(
          "pending",
        );
      });
    }
  }
});
