// Rate limits and outages through the client page, with the real connectors against their
// contract fakes: each fake answers its platform's documented limit (TikTok code 40100,
// LinkedIn and Pinterest 429 with Retry-After, Microsoft Advertising's CallRateExceeded
// throttling fault) or a 503 on every call. The connector retries within the attempt's
// budget; then the client is told to try again in a few minutes (never "something went
// wrong on our side", never a 5xx from the app), the service stays pending, and the next
// attempt, once the platform answers again, grants. Meta and Google, whose fakes are
// older, are covered the same way at the connector level (meta- and google-connector tests).
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
import { LINKEDIN_FAKE, startLinkedInFake, type LinkedInFake } from "@/test/support/fakes/linkedin-fake";
import { MICROSOFT_FAKE, startMicrosoftFake, type MicrosoftFake } from "@/test/support/fakes/microsoft-fake";
import { PINTEREST_FAKE, startPinterestFake, type PinterestFake } from "@/test/support/fakes/pinterest-fake";
import { startTikTokFake, TIKTOK_FAKE, type TikTokFake } from "@/test/support/fakes/tiktok-fake";

let tiktok: TikTokFake;
let linkedin: LinkedInFake;
let pinterest: PinterestFake;
let microsoft: MicrosoftFake;

beforeAll(async () => {
  [tiktok, linkedin, pinterest, microsoft] = await Promise.all([
    startTikTokFake(),
    startLinkedInFake(),
    startPinterestFake(),
    startMicrosoftFake(),
  ]);
});
afterAll(async () => Promise.all([tiktok?.close(), linkedin?.close(), pinterest?.close(), microsoft?.close()]));

type Case = {
  platform: string;
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
    PLATFORM_HOST_OVERRIDES: [tiktok, linkedin, pinterest, microsoft].map((f) => f.overrides).join(","),
  }));

  for (const c of CASES) {
    for (const trouble of ["limit", "outage"] as const) {
      it(`${c.platform}: ${trouble === "limit" ? "a rate limit" : "a 503 outage"} that outlasts the retries says try again in a few minutes, keeps the service pending, and the next attempt grants`, async () => {
        for (const f of [tiktok, linkedin, pinterest, microsoft]) f.reset();
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
        const calls = () => [tiktok, linkedin, pinterest, microsoft].reduce((n, f) => n + f.calls.length, 0);
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
