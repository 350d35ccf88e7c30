// Every Graph request the Meta connector sends, checked against the field lists written down
// from Meta's documentation pages (Meta publishes no machine-readable Graph description;
// test/fixtures/platform-descriptions/meta-documented-fields.json names the page of each
// operation): sign-in, listing for every service, every service's grant, read-back, removal;
// the partner and people calls against Meta's machine-readable Business SDK definitions
// (test/fixtures/platform-descriptions/meta-business-sdk.json); and the never-weaker property
// of every grant path.
import fs from "node:fs";
import path from "node:path";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import {
  META_BUSINESS_ROLES,
  META_BUSINESS_ROLE_ORDER,
  META_PARTNER_TASKS,
  META_SERVICE_IDS,
  META_TASK_ORDER,
  businessRole,
  partnerTasks,
  type MetaPartnerService,
} from "@/lib/infra/connectors/meta/meta-roles";
import { anyIncludes, roleIncludes } from "@/lib/infra/connectors/role-order";
import { pkceVerifier } from "@/lib/infra/connectors/pkce";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import {
  META_FAKE_APP,
  META_FAKE_PEOPLE,
  hostOverrides,
  startMetaFake,
  type MetaFake,
} from "@/test/support/fakes/meta-fake";
import { describedCallErrors, loadDescription, type Description } from "@/test/support/platform-description";

const REDIRECT = "http://localhost:3999/api/access/callback";
const AGENCY: AgencyAccountRef = {
  internalAccountId: "acc_meta",
  platformAccountId: "20002",
  email: "ops@agency.test",
  businessId: "770000000001",
};
const FIELDS = loadDescription("meta-documented-fields.json");
const ASSET: Record<string, string> = {
  meta_business_manager: "910000000001",
  meta_ads: "act_1001",
  meta_page: "2001",
  meta_catalog: "3001",
  meta_pixel: "4001",
};

let fake: MetaFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startMetaFake();
  const overrides = parseHostOverrides(hostOverrides(fake.hosts));
  const http = createConnectorHttp({ overrides, baseDelayMs: 1, budgetMs: 5_000, sleep: async () => {} });
  const e = {
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    sandboxPlatformList: [],
    platformHostOverrides: overrides,
  } as unknown as ConnectorEnv;
  connector = getConnector("meta", { env: e, http });
});
afterAll(async () => fake?.close());

describe("Meta requests against the documented field lists", () => {
  it("sign-in, listing, every service's grant with every role, read-back and removal send only documented fields and values", async () => {
    const verifier = pkceVerifier("secret", "nonce-descriptions");
    const { authorizationUrl } = connector.beginSignIn({
      state: "st",
      redirectUri: REDIRECT,
      serviceIds: [...META_SERVICE_IDS],
      codeVerifier: verifier,
    });
    const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
    const { accessToken } = await connector.handleCallback({
      code: back.searchParams.get("code")!,
      state: "st",
      redirectUri: REDIRECT,
      codeVerifier: verifier,
    });

    for (const serviceId of META_SERVICE_IDS) await connector.listAssets({ accessToken, serviceId });
    for (const [serviceId, assetId] of Object.entries(ASSET)) {
      const roles = getCatalogService(serviceId)?.roles?.map((r) => r.value) ?? [null];
      for (const role of roles.length > 0 ? roles : [null]) {
        fake.partners.get(assetId)?.delete(AGENCY.businessId!);
        await connector.grantAccess({ accessToken, serviceId, assetIds: [assetId], role, agencyAccount: AGENCY });
      }
      await connector.verifyAccess!({ accessToken, serviceId, assetIds: [assetId], agencyAccount: AGENCY });
    }
    await connector.removeAccess!({
      accessToken,
      serviceId: "meta_ads",
      assetIds: ["act_1001"],
      agencyAccount: AGENCY,
    });

    // The Meta fake records form bodies as `form`; the checker reads `body`.
    const calls = fake.calls
      .filter((c) => c.host === "graph.facebook.com")
      .map((c) => ({
        host: c.host,
        method: c.method,
        path: c.path,
        query: c.query,
        headers: {},
        body: Object.keys(c.form).length > 0 ? c.form : null,
      }));
    const { checked, errors } = describedCallErrors(FIELDS, calls);
    expect(errors).toEqual([]);
    for (const op of [
      "POST /v25.0/{id}/agencies",
      "POST /v25.0/{id}/business_users",
      "DELETE /v25.0/{id}/agencies",
      "GET /v25.0/oauth/access_token",
    ])
      expect(checked).toContain(op);
  });
});

// A grant never leaves the agency with less access than it had, against the fake, which sets a
// partner's tasks to the list sent when the business is already a partner (the stricter reading
// of "Ad Account Agencies" / "Page Agencies": a shorter list would lower the access): for every
// (held tasks, asked role) pair, the tasks afterwards include both, and held tasks that include
// the asked ones are already granted with nothing written.
describe("Meta: a grant never weakens the agency's access", () => {
  async function signIn(serviceIds: string[]): Promise<string> {
    const verifier = pkceVerifier("secret", `nonce-${Math.random()}`);
    const { authorizationUrl } = connector.beginSignIn({
      state: "st",
      redirectUri: REDIRECT,
      serviceIds,
      codeVerifier: verifier,
    });
    const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
    return (
      await connector.handleCallback({
        code: back.searchParams.get("code")!,
        state: "st",
        redirectUri: REDIRECT,
        codeVerifier: verifier,
      })
    ).accessToken;
  }

  it("partner tasks: for every held task list and asked role, the tasks afterwards include both", async () => {
    fake.reset();
    const token = await signIn(["meta_ads", "meta_page", "meta_catalog", "meta_pixel"]);
    const business = AGENCY.businessId!;
    for (const serviceId of Object.keys(META_PARTNER_TASKS) as MetaPartnerService[]) {
      const order = META_TASK_ORDER[serviceId];
      const roles = Object.keys(META_PARTNER_TASKS[serviceId]);
      // Every role's task list, and every single task of them, as what the agency may already hold.
      const lists = roles.map((r) => [...partnerTasks(serviceId, r)!]);
      const singles = [...new Set(lists.flat())].map((t) => [t]);
      const held = serviceId === "meta_pixel" ? lists : [...lists, ...singles];
      const assetId = ASSET[serviceId]!;
      for (const had of held) {
        for (const role of roles) {
          const asked = partnerTasks(serviceId, role)!;
          fake.reset();
          fake.shareAlready(assetId, business, had);
          const { results } = await connector.grantAccess({
            accessToken: token,
            serviceId,
            assetIds: [assetId],
            role: role === "" ? null : role,
            agencyAccount: AGENCY,
          });
          const after = fake.partners.get(assetId)?.get(business) ?? [];
          const pair = `${serviceId}: ${had.join("+")} then ${role || "(no role)"}`;
          expect(results[0]?.ok, pair).toBe(true);
          for (const t of [...had, ...asked]) expect(anyIncludes(order, after, t), `${pair}: now ${after}`).toBe(true);
          const writes = fake.calls.filter((c) => c.method === "POST" && c.path.endsWith("/agencies"));
          const covered = asked.every((t) => anyIncludes(order, had, t));
          if (covered || serviceId === "meta_pixel") {
            expect(results[0]?.alreadyGranted, pair).toBe(true);
            expect(writes, pair).toHaveLength(0);
          } else {
            expect(
              writes.map((w) => JSON.parse(w.form.permitted_tasks!) as string[]),
              pair,
            ).toEqual([[...new Set([...had, ...asked])]]);
          }
        }
      }
    }
  });

  it("Business Manager: for every held role (invited or member) and asked role, the role afterwards includes both", async () => {
    const token = await signIn(["meta_business_manager"]);
    const businessId = ASSET.meta_business_manager!;
    for (const how of ["invited", "member"] as const) {
      for (const held of Object.values(META_BUSINESS_ROLES)) {
        for (const role of Object.keys(META_BUSINESS_ROLES)) {
          const asked = businessRole(role)!;
          fake.reset();
          if (how === "invited") fake.inviteAlready(businessId, AGENCY.email!, held);
          else fake.memberAlready(businessId, AGENCY.email!, held);
          const { results } = await connector.grantAccess({
            accessToken: token,
            serviceId: "meta_business_manager",
            assetIds: [businessId],
            role,
            agencyAccount: AGENCY,
          });
          const people = [...(fake.invitations.get(businessId) ?? []), ...(fake.members.get(businessId) ?? [])];
          const pair = `${how} ${held} then ${asked}`;
          expect(results[0]?.ok, pair).toBe(true);
          expect(people, pair).toHaveLength(1);
          const now = people[0]!.role;
          expect(
            roleIncludes(META_BUSINESS_ROLE_ORDER, now, held) && roleIncludes(META_BUSINESS_ROLE_ORDER, now, asked),
            `${pair}: now ${now}`,
          ).toBe(true);
          const writes = fake.calls.filter((c) => c.method === "POST");
          if (roleIncludes(META_BUSINESS_ROLE_ORDER, held, asked)) {
            expect(results[0]?.alreadyGranted, pair).toBe(true);
            expect(writes, pair).toHaveLength(0);
          } else {
            expect(
              writes.map((w) => [w.path.split("/").pop(), w.form.role]),
              pair,
            ).toEqual([[people[0]!.id, asked]]);
            // The raise is a documented update of the member or the invitation.
            const { errors } = describedCallErrors(
              FIELDS,
              writes.map((c) => ({ ...c, headers: {}, body: c.form })),
            );
            expect(errors, pair).toEqual([]);
          }
        }
      }
    }
  });
});

// The partner and people calls, checked against Meta's own machine-readable definitions (the
// Business SDK codegen specs: each edge's params and enum values, per node type), on top of the
// written field lists above.
const SDK = JSON.parse(
  fs.readFileSync(path.join(process.cwd(), "test/fixtures/platform-descriptions/meta-business-sdk.json"), "utf8"),
) as { nodes: Record<string, Description> };
// Graph's authentication and its general field and paging modifiers, on every call, are no edge params.
const GENERAL = new Set(["access_token", "appsecret_proof", "fields", "limit"]);

function nodeOf(id: string): string[] {
  if (id.startsWith("act_")) return ["AdAccount"];
  if (id.startsWith("2")) return ["Page"];
  if (id.startsWith("3")) return ["ProductCatalog"];
  if (id.startsWith("4")) return ["AdsPixel"];
  if (id === ASSET.meta_business_manager) return ["Business"];
  return ["BusinessUser", "BusinessRoleRequest"];
}

describe("Meta partner and people calls against the Business SDK's definitions", () => {
  it("every add, read, raise and removal of a partner or a person sends only what the definitions allow", async () => {
    fake.reset();
    const verifier = pkceVerifier("secret", "nonce-sdk");
    const { authorizationUrl } = connector.beginSignIn({
      state: "st",
      redirectUri: REDIRECT,
      serviceIds: [...META_SERVICE_IDS],
      codeVerifier: verifier,
    });
    const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
    const { accessToken } = await connector.handleCallback({
      code: back.searchParams.get("code")!,
      state: "st",
      redirectUri: REDIRECT,
      codeVerifier: verifier,
    });
    const calls: typeof fake.calls = [];
    const run = async (serviceId: string, role: string | null, before?: () => void) => {
      const keep = [...fake.calls];
      fake.partners.clear();
      fake.invitations.clear();
      fake.members.clear();
      before?.();
      const assetIds = [ASSET[serviceId]!];
      await connector.grantAccess({ accessToken, serviceId, assetIds, role, agencyAccount: AGENCY });
      await connector.verifyAccess!({ accessToken, serviceId, assetIds, agencyAccount: AGENCY });
      if (serviceId !== "meta_business_manager")
        await connector.removeAccess!({ accessToken, serviceId, assetIds, agencyAccount: AGENCY });
      calls.push(...fake.calls.slice(keep.length));
    };
    for (const serviceId of Object.keys(META_PARTNER_TASKS) as MetaPartnerService[]) {
      for (const role of Object.keys(META_PARTNER_TASKS[serviceId])) {
        await run(serviceId, role || null);
        // A held weaker task list (the service's last role's): the add sends the union.
        const weakest = Object.values(META_PARTNER_TASKS[serviceId]).at(-1)!;
        await run(serviceId, role || null, () =>
          fake.shareAlready(ASSET[serviceId]!, AGENCY.businessId!, [...weakest]),
        );
      }
    }
    for (const role of Object.keys(META_BUSINESS_ROLES)) {
      await run("meta_business_manager", role);
      await run("meta_business_manager", role, () =>
        fake.inviteAlready(ASSET.meta_business_manager!, AGENCY.email!, "EMPLOYEE"),
      );
      await run("meta_business_manager", role, () =>
        fake.memberAlready(ASSET.meta_business_manager!, AGENCY.email!, "EMPLOYEE"),
      );
    }

    const checked = new Set<string>();
    const errors: string[] = [];
    for (const c of calls) {
      if (c.host !== "graph.facebook.com") continue;
      const id = c.path.split("/")[2]!;
      if (c.path.split("/").length === 3 && c.method !== "POST") continue;
      if (["me", "oauth", "debug_token"].includes(id)) continue;
      const general = (o: Record<string, string>) => Object.entries(o).filter(([k]) => !GENERAL.has(k));
      const query = Object.fromEntries(general(c.query));
      // permitted_tasks travels as a JSON list in the form: checked as the list it is.
      const body = Object.fromEntries(
        general(c.form).map(([k, v]) => [k, k === "permitted_tasks" ? (JSON.parse(v) as unknown) : v]),
      );
      for (const node of nodeOf(id)) {
        const call = {
          host: c.host,
          method: c.method,
          path: c.path,
          query,
          headers: {},
          body: c.method === "POST" ? body : null,
        };
        const out = describedCallErrors(SDK.nodes[node]!, [call]);
        for (const k of out.checked) checked.add(`${node} ${k}`);
        errors.push(...out.errors.map((e) => `${node}: ${e}`));
      }
    }
    expect(errors).toEqual([]);
    for (const op of [
      "AdAccount POST /v25.0/{id}/agencies",
      "AdAccount GET /v25.0/{id}/agencies",
      "AdAccount DELETE /v25.0/{id}/agencies",
      "Page POST /v25.0/{id}/agencies",
      "ProductCatalog POST /v25.0/{id}/agencies",
      "AdsPixel POST /v25.0/{id}/agencies",
      "AdsPixel GET /v25.0/{id}/shared_agencies",
      "Business POST /v25.0/{id}/business_users",
      "Business GET /v25.0/{id}/pending_users",
      "BusinessUser POST /v25.0/{id}",
      "BusinessRoleRequest POST /v25.0/{id}",
    ])
      expect(checked, op).toContain(op);
  });
});

describe("Meta: the agency's people, read and assigned with the agency's own token", () => {
  const graphCalls = () =>
    fake.calls
      .filter((c) => c.host === "graph.facebook.com")
      .map((c) => ({
        host: c.host,
        method: c.method,
        path: c.path,
        query: c.query,
        headers: {},
        body: Object.keys(c.form).length > 0 ? c.form : null,
      }));

  it("listing people and assigning them send only documented fields and values", async () => {
    fake.reset();
    const accessToken = fake.agencyToken();
    const people = await connector.listAgencyPeople!({ accessToken, businessId: META_FAKE_PEOPLE.business });
    expect(people.map((p) => [p.id, p.kind])).toEqual([
      ["7700000000011", "business_user"],
      ["30001", "business_user"],
      ["30002", "business_user"],
      ["40001", "system_user"],
    ]);
    fake.shareAlready("act_1001", META_FAKE_PEOPLE.business, ["ADVERTISE", "ANALYZE"]);
    fake.shareAlready("2001", META_FAKE_PEOPLE.business, ["ANALYZE"]);
    for (const [serviceId, assetId] of [
      ["meta_ads", "act_1001"],
      ["meta_page", "2001"],
    ] as const) {
      for (const role of getCatalogService(serviceId)!.roles.map((r) => r.value)) {
        const out = await connector.assignPeople!({
          accessToken,
          businessId: META_FAKE_PEOPLE.business,
          serviceId,
          assetId,
          people: [{ id: "30001", role }],
        });
        expect(out, `${serviceId} ${role}`).toEqual([{ personId: "30001", ok: true, error: null }]);
      }
    }
    const { checked, errors } = describedCallErrors(FIELDS, graphCalls());
    expect(errors).toEqual([]);
    expect(checked).toContain("POST /v25.0/{id}/assigned_users");
  });

  it("the fake refuses what Meta refuses: a person outside the Business Manager, an asset not shared, a refusal", async () => {
    fake.reset();
    const accessToken = fake.agencyToken();
    const assign = (assetId: string, id: string) =>
      connector.assignPeople!({
        accessToken,
        businessId: META_FAKE_PEOPLE.business,
        serviceId: "meta_ads",
        assetId,
        people: [{ id, role: "analyst" }],
      });
    expect((await assign("act_1001", "30001"))[0]).toMatchObject({ ok: false });
    fake.shareAlready("act_1001", META_FAKE_PEOPLE.business, ["ANALYZE"]);
    expect((await assign("act_1001", "99999"))[0]).toMatchObject({
      ok: false,
      error: "(#100) User 99999 is not a member of this business",
    });
    // `business` is no parameter of the edge's POST in Meta's definition (AdAccount.json)
    const withBusiness = await fetch(`${fake.hosts["graph.facebook.com"]}/v25.0/act_1001/assigned_users`, {
      method: "POST",
      body: new URLSearchParams({
        user: "30001",
        tasks: '["ANALYZE"]',
        business: META_FAKE_PEOPLE.business,
        access_token: accessToken,
        appsecret_proof: createHmac("sha256", META_FAKE_APP.appSecret).update(accessToken).digest("hex"),
      }),
    });
    expect(withBusiness.status).toBe(400);
    expect(await withBusiness.text()).toContain("Param business is not a valid parameter");
    fake.switches.refuseAssign = ["30001"];
    expect((await assign("act_1001", "30001"))[0]).toMatchObject({
      ok: false,
      error: "You don't have permission to assign people to Acme Main Ads.",
    });
    expect(fake.assigned.size).toBe(0);
  });
});
