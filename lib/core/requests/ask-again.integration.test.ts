// Lost-access alerts and "Ask again" on a real database with the sandbox platforms: an access
// check that finds an asset gone opens one alert (the `access.lost` event and the team's
// email link to it), "Ask again" creates a request with exactly the lost service, role and
// agency account for the same client, emailed in the client's language when chosen, the new
// request links back to the alert, and the client's grant on it (over real HTTP) closes the
// alert. A later check reading the access back, or its removal, closes an alert too.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { API_SCOPES } from "@/lib/core/auth/scopes";
import { checkGrantedAccess, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { requestLinkToken, requestLinkTokenSelect } from "@/lib/core/request-records/request-links";
import { listAccessAlerts } from "@/lib/core/access-alerts/access-alerts";
import { askAgain } from "@/lib/core/requests/ask-again";
import { ApiError } from "@/lib/core/common/api-error";
import { createSandboxConnector, sandboxAgencyToken } from "@/lib/infra/connectors/sandbox-connector";
import { getDb } from "@/lib/infra/db/db";
import { loadLostAccessAlerts } from "@/lib/surfaces/dashboard/access-checks/lost-access-alerts";
import { startApiServer } from "@/test/support/api-server";
import {
  eventsOf,
  seedAccessAgency,
  seedAccessRequest,
  seedLostAccessAlert,
  signInAndGrant,
  type TestAgency,
} from "@/test/support/access-fixtures";

let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
});
afterAll(async () => close?.());

/** Meta's account holds its sandbox token (checks read it); a member hears of lost access at once. */
async function seedAgency(): Promise<TestAgency & { memberEmail: string }> {
  const agency = await createAgency({ name: "Lost Access Agency", plan: "agency" });
  const meta = await connectAccount({
    agencyId: agency.id,
    platform: "meta",
    email: "meta@agency.test",
    accessToken: sandboxAgencyToken("meta"),
  });
  const google = await connectAccount({ agencyId: agency.id, platform: "google", email: "google@agency.test" });
  const db = await getDb();
  const memberEmail = `m-${crypto.randomUUID().slice(0, 8)}@agency.test`;
  const member = await db.user.create({ data: { email: memberEmail, passwordHash: "x" } });
  // the column's default: every new member hears of lost access
  await db.membership.create({ data: { agencyId: agency.id, userId: member.id, role: "member" } });
  return {
    agencyId: agency.id,
    accounts: { meta: meta.internalAccountId, google: google.internalAccountId },
    memberEmail,
  };
}

/** A Spanish client granted meta_ads (assets 1001 and 1002: the sandbox reads 1002 as lost) and google_analytics. */
async function grantedClient(agency: TestAgency) {
  const seeded = await seedAccessRequest(
    agency,
    { meta_ads: { accessLevel: "advertiser" }, google_analytics: { accessLevel: "viewer" } },
    { language: "Spanish" },
  );
  const grant = (serviceId: string, ids: number[], accessLevel: string) =>
    applyRequestAction({
      agencyId: agency.agencyId,
      requestId: seeded.requestId,
      action: { kind: "grant", serviceId },
      grantedAssets: ids.map((n) => ({ id: `${serviceId}_100${n}`, name: `Asset ${n}`, accessLevel })),
    });
  await grant("meta_ads", [1, 2], "advertiser");
  await grant("google_analytics", [1], "viewer");
  return seeded;
}

async function tokenOf(requestId: string) {
  const db = await getDb();
  return requestLinkToken(
    await db.accessRequest.findUniqueOrThrow({ where: { id: requestId }, select: requestLinkTokenSelect }),
  );
}

describe("lost-access alerts and Ask again", () => {
  it("opens one alert linked from access.lost and the team's email; Ask again asks for exactly what was lost, and the client's grant closes it", async () => {
    const agency = await seedAgency();
    const { requestId, clientId } = await grantedClient(agency);
    const db = await getDb();

    await checkGrantedAccess({ agencyId: agency.agencyId, clientId });
    const [alert] = await listAccessAlerts({ agencyId: agency.agencyId, clientId });
    expect(alert).toMatchObject({
      requestId,
      serviceId: "meta_ads",
      platform: "meta",
      accessLevel: "advertiser",
      accountIds: [agency.accounts.meta],
      closedAt: null,
      followUpRequestId: null,
    });
    expect(alert!.assets.map((a) => a.id)).toEqual(["meta_ads_1002"]);

    // access.lost carries the alert's id and its link in the dashboard
    const lost = (await eventsOf(requestId)).filter((e) => e.type === "access.lost");
    expect(lost).toHaveLength(1);
    const link = lost[0]!.data.alert as { id: string; url: string };
    expect(link.id).toBe(alert!.id);
    expect(link.url).toMatch(new RegExp(`/dashboard/clients/${clientId}#access-alert-${alert!.id}$`));
    // the member's email says so and links to the alert
    const notice = await db.email.findFirstOrThrow({
      where: { agencyId: agency.agencyId, kind: "notification", to: agency.memberEmail },
    });
    expect(notice.text).toContain("Ana Client's Meta Ad Account access is gone (Asset 2): ask for it again");
    expect(notice.text).toContain(link.url);
    expect(notice.html).toContain(`#access-alert-${alert!.id}`);

    // the same loss found again opens nothing new
    await checkGrantedAccess({ agencyId: agency.agencyId, clientId });
    expect(await db.accessAlert.count({ where: { clientId } })).toBe(1);

    const asked = await askAgain({
      agencyId: agency.agencyId,
      alertIds: [alert!.id],
      sendEmail: true,
      actor: "owner@agency.test",
    });
    // the public API shows the new request: the same client, only the lost service, its role and account
    const key = await createApiKey({ agencyId: agency.agencyId, scopes: API_SCOPES });
    const res = await fetch(`${base}/api/v2/requests/${asked.request.id}`, {
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(res.status).toBe(200);
    const shown = (
      (await res.json()) as {
        data: {
          clientId: string;
          status: string;
          services: { service: string; accessLevel: string | null; accounts: { internalAccountId: string }[] }[];
        };
      }
    ).data;
    expect(shown.clientId).toBe(clientId);
    expect(shown.status).toBe("pending");
    expect(shown.services.map((s) => [s.service, s.accessLevel, s.accounts.map((a) => a.internalAccountId)])).toEqual([
      ["meta_ads", "advertiser", [agency.accounts.meta]],
    ]);
    // emailed to the client, in the client's language
    const invite = await db.email.findFirstOrThrow({ where: { requestId: asked.request.id, kind: "invite" } });
    expect(invite.to).toBe("ana@client.test");
    expect(invite.text).toMatch(/acceso/i);
    expect(invite.text).not.toMatch(/\bgrant access\b/i);

    // the new request links back to its alert, which records it
    const back = await loadLostAccessAlerts({ agencyId: agency.agencyId, followUpRequestId: asked.request.id });
    expect(back.map((a) => [a.id, a.serviceName, a.followUpStatus])).toEqual([
      [alert!.id, "Meta Ad Account", "pending"],
    ]);
    // the agency account by its name, not its internal id
    expect(back[0]!.accounts).toHaveLength(1);
    expect(back[0]!.accounts[0]).not.toBe(agency.accounts.meta);
    // asking twice while the client has not answered is refused
    const twice = await askAgain({
      agencyId: agency.agencyId,
      alertIds: [alert!.id],
      sendEmail: false,
      actor: "owner@agency.test",
    }).catch((e: unknown) => e);
    expect(twice).toBeInstanceOf(ApiError);
    expect((twice as ApiError).status).toBe(409);

    // the client grants it again, over HTTP through the sandbox sign-in: the alert closes
    const granted = await signInAndGrant(base, await tokenOf(asked.request.id), "meta_ads", { assets: [1, 2] });
    expect(granted.status).toBeLessThan(400);
    const closed = await db.accessAlert.findUniqueOrThrow({ where: { id: alert!.id } });
    expect(closed.closedReason).toBe("granted_again");
    expect(closed.closedAt).not.toBeNull();
    const closedAgain = await askAgain({
      agencyId: agency.agencyId,
      alertIds: [alert!.id],
      sendEmail: false,
      actor: "owner@agency.test",
    }).catch((e: unknown) => e);
    expect((closedAgain as ApiError).code).toBe("INVALID_STATE");
  });

  it("without the email, sends nothing; refuses no alert, a malformed id, another agency's alert and two clients' alerts", async () => {
    const agency = await seedAgency();
    const first = await grantedClient(agency);
    const second = await grantedClient(agency);
    await checkGrantedAccess({ agencyId: agency.agencyId });
    const [a1] = await listAccessAlerts({ agencyId: agency.agencyId, clientId: first.clientId });
    const [a2] = await listAccessAlerts({ agencyId: agency.agencyId, clientId: second.clientId });
    const ask = (alertIds: string[], agencyId = agency.agencyId): Promise<ApiError> =>
      askAgain({ agencyId, alertIds, sendEmail: false, actor: "owner@agency.test" }).then(
        () => {
          throw new Error("expected a refusal");
        },
        (e: unknown) => e as ApiError,
      );

    expect((await ask([])).details).toEqual([{ field: "alertIds", message: "Name at least one lost-access alert." }]);
    expect((await ask(["not-a-uuid"])).details[0]!.field).toBe("alertIds");
    expect((await ask([a1!.id, a2!.id])).details[0]).toMatchObject({ field: "alertIds" });
    const other = await seedAgency();
    expect((await ask([a1!.id], other.agencyId)).status).toBe(404);

    const asked = await askAgain({
      agencyId: agency.agencyId,
      alertIds: [a1!.id],
      sendEmail: false,
      actor: "owner@agency.test",
    });
    const db = await getDb();
    expect(await db.email.count({ where: { requestId: asked.request.id } })).toBe(0);
  });

  it("clicked several times at once, creates one request and emails the client once", async () => {
    const agency = await seedAccessAgency(["google"]);
    const { alertId, clientId } = await seedLostAccessAlert(agency);
    const db = await getDb();
    const before = await db.accessRequest.count({ where: { clientId } });
    const clicks = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        askAgain({ agencyId: agency.agencyId, alertIds: [alertId], sendEmail: true, actor: "owner@agency.test" }),
      ),
    );
    const done = clicks.flatMap((c) => (c.status === "fulfilled" ? [c.value] : []));
    expect(done).toHaveLength(1);
    for (const c of clicks)
      if (c.status === "rejected") expect((c.reason as ApiError).code, String(c.reason)).toBe("INVALID_STATE");
    expect(await db.accessRequest.count({ where: { clientId } })).toBe(before + 1);
    expect(await db.email.count({ where: { agencyId: agency.agencyId, kind: "invite", to: "ana@client.test" } })).toBe(
      1,
    );
    const alert = await db.accessAlert.findUniqueOrThrow({ where: { id: alertId } });
    expect(alert.followUpRequestId).toBe(done[0]!.request.id);
  });

  it("closes when a later check reads the access back, and when the access is removed", async () => {
    const agency = await seedAgency();
    const { clientId } = await grantedClient(agency);
    await checkGrantedAccess({ agencyId: agency.agencyId, clientId });
    const db = await getDb();
    const [alert] = await listAccessAlerts({ agencyId: agency.agencyId, clientId });

    // the platform lists the agency again (the client re-added it by hand)
    const sandbox = createSandboxConnector("meta");
    const everythingBack: ConnectorFor = (platform) =>
      platform === "meta"
        ? {
            ...sandbox,
            verifyAccess: async ({ assetIds }) => assetIds.map((assetId) => ({ assetId, present: true, detail: null })),
          }
        : null;
    await checkGrantedAccess({ agencyId: agency.agencyId, clientId, connectorFor: everythingBack });
    expect((await db.accessAlert.findUniqueOrThrow({ where: { id: alert!.id } })).closedReason).toBe("restored");

    // lost again: a new alert, closed by the agency's offboarding
    await checkGrantedAccess({ agencyId: agency.agencyId, clientId });
    const open = await db.accessAlert.findFirstOrThrow({ where: { clientId, closedAt: null } });
    expect(open.id).not.toBe(alert!.id);
    await removeClientAccess({ agencyId: agency.agencyId, clientId, removedBy: "owner@agency.test" });
    expect((await db.accessAlert.findUniqueOrThrow({ where: { id: open.id } })).closedReason).toBe("removed");
  });
});
