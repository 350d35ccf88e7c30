// After a client's grant through the real Meta and TikTok connectors (contract fakes, real
// HTTP, real database), the people the agency chose for its connected account are given
// their role on each newly shared asset with the agency's own token; a refusal is recorded
// with the manual step and the grant still counts; with no one chosen nothing is called.
// The request page's read model says it in words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAccountAssignees, listAgencyPeopleOf } from "@/lib/core/accounts/account-assignees";
import type { TAssignee } from "@/lib/core/accounts/assignee-rules";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { ApiError } from "@/lib/core/common/api-error";
import { getDb } from "@/lib/infra/db/db";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { requestRow } from "@/test/support/access-fixtures";
import { seedConnectorRequest, useRealConnectorApp, walkClientGrant } from "@/test/support/connector-journey";
import {
  hostOverrides,
  META_FAKE_APP,
  META_FAKE_PEOPLE,
  startMetaFake,
  type MetaFake,
} from "@/test/support/fakes/meta-fake";
import { startTikTokFake, TIKTOK_FAKE, type TikTokFake } from "@/test/support/fakes/tiktok-fake";

let meta: MetaFake;
let tiktok: TikTokFake;
let app: { readonly base: string };

beforeAll(async () => {
  [meta, tiktok] = await Promise.all([startMetaFake(), startTikTokFake()]);
});
afterAll(async () => Promise.all([meta?.close(), tiktok?.close()]));

const ANA: TAssignee = {
  id: META_FAKE_PEOPLE.users[0].id,
  name: "Ana Buyer",
  kind: "business_user",
  roles: { meta_ads: "analyst", meta_page: "moderator" },
};
const BOT: TAssignee = {
  id: META_FAKE_PEOPLE.systemUsers[0].id,
  name: "Reporting Bot",
  kind: "system_user",
  roles: { meta_ads: "admin" },
};

async function metaRequest(services: Record<string, { accessLevel: string }>) {
  meta.reset();
  return seedConnectorRequest(
    "meta",
    {
      email: "ops@agency.test",
      platformAccountId: "20002",
      business: { id: META_FAKE_PEOPLE.business, name: "Agency Main BM" },
      accessToken: meta.agencyToken(),
    },
    services,
  );
}

async function assignmentsOf(requestId: string) {
  const db = await getDb();
  return db.assetAssignment.findMany({ where: { requestId }, orderBy: [{ assetId: "asc" }, { personId: "asc" }] });
}

describe("assigning the agency's people after a grant", () => {
  app = useRealConnectorApp(() => ({
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    TIKTOK_APP_ID: TIKTOK_FAKE.appId,
    TIKTOK_APP_SECRET: TIKTOK_FAKE.appSecret,
    PLATFORM_HOST_OVERRIDES: [hostOverrides(meta.hosts), tiktok.overrides].join(","),
  }));

  describe("Meta: the agency's people are assigned to newly shared ad accounts and Pages", () => {
    it("assigns each configured person with their tasks, capped at what the agency received", async () => {
      const { requestId, token, internalAccountId } = await metaRequest({
        meta_ads: { accessLevel: "advertiser" },
        meta_page: { accessLevel: "editor" },
      });
      const row = await requestRow(requestId);
      const agencyId = (await (await getDb()).accessRequest.findUniqueOrThrow({ where: { id: row.id } })).agencyId;
      await setAccountAssignees({ agencyId, input: { internalAccountId, assignees: [ANA, BOT] } });

      // The people to choose from are read from the agency's Business Manager with its own token.
      const people = await listAgencyPeopleOf({ agencyId, internalAccountId });
      expect(people).toEqual({
        ok: true,
        people: expect.arrayContaining([
          { id: "30001", name: "Ana Buyer", email: "ana@agency.test", kind: "business_user" },
          { id: "40001", name: "Reporting Bot", email: null, kind: "system_user" },
        ]),
      });

      const consentOrigin = meta.hosts["www.facebook.com"]!;
      await walkClientGrant({ base: app.base, token, serviceId: "meta_ads", consentOrigin, assets: ["act_1001"] });
      await walkClientGrant({ base: app.base, token, serviceId: "meta_page", consentOrigin, assets: ["2001"] });

      const calls = meta.calls.filter((c) => c.path.endsWith("/assigned_users"));
      expect(calls.map((c) => [c.path, c.form.user, c.form.tasks, c.form.business ?? null, c.status])).toEqual([
        ["/v25.0/act_1001/assigned_users", "30001", '["ANALYZE"]', null, 200],
        // the bot was set to admin, but the agency received advertiser: never more than that
        ["/v25.0/act_1001/assigned_users", "40001", '["ADVERTISE","ANALYZE"]', null, 200],
        ["/v25.0/2001/assigned_users", "30001", '["MODERATE","ADVERTISE","ANALYZE"]', null, 200],
      ]);
      expect(meta.assigned.get("act_1001")?.get("30001")).toEqual(["ANALYZE"]);

      const stored = await assignmentsOf(requestId);
      expect(stored.map((a) => [a.assetId, a.personName, a.role, a.outcome])).toEqual([
        ["2001", "Ana Buyer", "moderator", "assigned"],
        ["act_1001", "Ana Buyer", "analyst", "assigned"],
        ["act_1001", "Reporting Bot", "advertiser", "assigned"],
      ]);
      const detail = await getRequestForDashboard({ agencyId, id: requestId });
      expect(detail.assignments.map((a) => a.text)).toContain(
        "Ana Buyer was given Analyst on Acme Main Ads (Meta Ad Account).",
      );
      expect(detail.timeline.some((e) => e.type === "people.assigned")).toBe(true);
    });

    it("a refusal is recorded with the manual step, and the grant still counts", async () => {
      const { requestId, token, internalAccountId } = await metaRequest({ meta_ads: { accessLevel: "analyst" } });
      const agencyId = (await (await getDb()).accessRequest.findUniqueOrThrow({ where: { id: requestId } })).agencyId;
      await setAccountAssignees({ agencyId, input: { internalAccountId, assignees: [ANA] } });
      meta.switches.refuseAssign = ["act_1001"];

      await walkClientGrant({
        base: app.base,
        token,
        serviceId: "meta_ads",
        consentOrigin: meta.hosts["www.facebook.com"]!,
        assets: ["act_1001"],
      });

      const svc = (await requestRow(requestId)).services.find((s) => s.serviceId === "meta_ads")!;
      expect(svc.status).toBe("granted");
      const [stored] = await assignmentsOf(requestId);
      expect(stored).toMatchObject({ outcome: "failed", personId: "30001" });
      const detail = await getRequestForDashboard({ agencyId, id: requestId });
      expect(detail.assignments).toEqual([
        expect.objectContaining({
          assigned: false,
          text: "Ana Buyer could not be given Analyst on Acme Main Ads (Meta Ad Account).",
          reason: "You don't have permission to assign people to Acme Main Ads.",
          manualStep:
            "Assign Ana Buyer to Acme Main Ads (act_1001) as Analyst in Business Settings → Accounts → Ad accounts.",
        }),
      ]);
    });

    it("the setting is the agency's own, and a role the platform lacks names the field", async () => {
      const { requestId, internalAccountId } = await metaRequest({ meta_ads: { accessLevel: "analyst" } });
      const agencyId = (await (await getDb()).accessRequest.findUniqueOrThrow({ where: { id: requestId } })).agencyId;
      const other = await createAgency({ name: "Other Agency", plan: "agency" });
      const error = async (run: () => Promise<unknown>) => {
        try {
          await run();
        } catch (err) {
          return err instanceof ApiError ? { code: err.code, fields: err.details.map((d) => d.field) } : err;
        }
        return null;
      };
      expect(
        await error(() => setAccountAssignees({ agencyId: other.id, input: { internalAccountId, assignees: [ANA] } })),
      ).toEqual({ code: "NOT_FOUND", fields: [] });
      expect(await error(() => listAgencyPeopleOf({ agencyId: other.id, internalAccountId }))).toEqual({
        code: "NOT_FOUND",
        fields: [],
      });
      expect(
        await error(() =>
          setAccountAssignees({
            agencyId,
            input: { internalAccountId, assignees: [{ ...ANA, roles: { tiktok_ads: "analyst" } }] },
          }),
        ),
      ).toEqual({ code: "VALIDATION_FAILED", fields: ["assignees[0].roles.tiktok_ads"] });
      const row = await (await getDb()).connectedAccount.findFirstOrThrow({ where: { internalAccountId } });
      expect(row.assignees).toBeNull();
    });

    it("with no one chosen, nothing is called", async () => {
      const { requestId, token } = await metaRequest({ meta_ads: { accessLevel: "analyst" } });
      await walkClientGrant({
        base: app.base,
        token,
        serviceId: "meta_ads",
        consentOrigin: meta.hosts["www.facebook.com"]!,
        assets: ["act_1001"],
      });
      expect((await requestRow(requestId)).services[0]!.status).toBe("granted");
      expect(meta.calls.some((c) => c.path.endsWith("/assigned_users"))).toBe(false);
      expect(await assignmentsOf(requestId)).toEqual([]);
    });
  });

  describe("TikTok: the agency's Business Center members are assigned to newly shared ad accounts", () => {
    const AD = TIKTOK_FAKE.businessCenters[0]!.advertisers[0]![0];
    const [MEMBER_A, MEMBER_B] = TIKTOK_FAKE.agencyMembers;

    async function tiktokRequest(accessLevel: string) {
      tiktok.reset();
      return seedConnectorRequest(
        "tiktok",
        {
          email: TIKTOK_FAKE.agencyEmail,
          business: { id: TIKTOK_FAKE.agencyBcId, name: "Agency BC" },
          accessToken: tiktok.agencyToken(),
        },
        { tiktok_ads: { accessLevel } },
      );
    }

    it("assigns members with their role, reports a refusal with the manual step, and the grant counts", async () => {
      const { requestId, token, internalAccountId } = await tiktokRequest("operator");
      const agencyId = (await (await getDb()).accessRequest.findUniqueOrThrow({ where: { id: requestId } })).agencyId;
      const people = await listAgencyPeopleOf({ agencyId, internalAccountId });
      expect(people.ok && people.people.map((p) => [p.id, p.name, p.kind])).toEqual([
        [MEMBER_A.user_id, "Ana Buyer", "member"],
        [MEMBER_B.user_id, "Ben Analyst", "member"],
      ]);
      await setAccountAssignees({
        agencyId,
        input: {
          internalAccountId,
          assignees: [
            { id: MEMBER_A.user_id, name: "Ana Buyer", kind: "member", roles: { tiktok_ads: "analyst" } },
            { id: MEMBER_B.user_id, name: "Ben Analyst", kind: "member", roles: { tiktok_ads: "operator" } },
          ],
        },
      });
      tiktok.switches.refuseAssign.add(MEMBER_B.user_id);

      await walkClientGrant({
        base: app.base,
        token,
        serviceId: "tiktok_ads",
        consentOrigin: tiktok.hosts["business-api.tiktok.com"]!,
        assets: [AD],
      });

      const calls = tiktok.calls.filter((c) => c.path.endsWith("/bc/asset/assign/"));
      expect(calls.map((c) => c.body)).toEqual([
        {
          bc_id: TIKTOK_FAKE.agencyBcId,
          user_id: MEMBER_A.user_id,
          asset_type: "ADVERTISER",
          asset_id: AD,
          advertiser_role: "ANALYST",
        },
        {
          bc_id: TIKTOK_FAKE.agencyBcId,
          user_id: MEMBER_B.user_id,
          asset_type: "ADVERTISER",
          asset_id: AD,
          advertiser_role: "OPERATOR",
        },
      ]);
      expect(tiktok.assigned.get(AD)?.get(MEMBER_A.user_id)).toBe("ANALYST");
      expect((await requestRow(requestId)).services[0]!.status).toBe("granted");

      const detail = await getRequestForDashboard({ agencyId, id: requestId });
      expect(detail.assignments.map((a) => [a.assigned, a.text, a.manualStep])).toEqual([
        [true, "Ana Buyer was given Analyst on Acme Main Ads (TikTok Ads).", null],
        [
          false,
          "Ben Analyst could not be given Operator on Acme Main Ads (TikTok Ads).",
          `Assign Ben Analyst to Acme Main Ads (${AD}) as Operator in Business Center → Assets → Ad accounts.`,
        ],
      ]);
      expect(detail.assignments[1]!.reason).toBe("TikTok refused: No permission to assign this asset to the member.");
    });

    it("with no one chosen, nothing is called", async () => {
      const { requestId, token } = await tiktokRequest("analyst");
      await walkClientGrant({
        base: app.base,
        token,
        serviceId: "tiktok_ads",
        consentOrigin: tiktok.hosts["business-api.tiktok.com"]!,
        assets: [AD],
      });
      expect((await requestRow(requestId)).services[0]!.status).toBe("granted");
      expect(tiktok.calls.some((c) => c.path.endsWith("/bc/asset/assign/"))).toBe(false);
      expect(await assignmentsOf(requestId)).toEqual([]);
    });
  });
});
