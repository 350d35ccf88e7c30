// Team notifications, the client profile, deleting a client and the read-only static link,
// against a real database, with the client granting through the real access pages (HTTP).
import type { Role } from "@/lib/core/auth/roles";
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { startApiServer } from "@/test/support/api-server";
import { seedAccessAgency, seedAccessRequest, signInAndGrant } from "@/test/support/access-fixtures";
import { listNotifications, markNotificationsRead } from "@/lib/core/notifications/list-notifications";
import { updateNotificationPreferences, updateSlackWebhookUrl } from "@/lib/core/notifications/notification-settings";
import { queueDueDigests } from "@/lib/core/notifications/send-digests";
import { sendPendingSlackMessages } from "@/lib/core/notifications/send-slack-messages";
import { getClientProfile, exportClientAccessCsv } from "@/lib/surfaces/dashboard/get-client-profile";
import { addClientNote } from "@/lib/core/clients/client-notes";
import { deleteClient } from "@/lib/core/clients/delete-client";
import { getStaticLink, updateStaticLink } from "@/lib/core/agencies/update-static-link";
import { findStaticLinkAgency, staticLinkPlan } from "@/lib/surfaces/client-pages/load-static-link";
import { ApiError } from "@/lib/core/common/api-error";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";

let base = "";
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
});
afterAll(async () => close?.());

async function addMember(agencyId: string, role: Role = "member") {
  const db = await getDb();
  const user = await db.user.create({
    data: { email: `m-${crypto.randomUUID().slice(0, 8)}@agency.test`, passwordHash: "x" },
  });
  await db.membership.create({ data: { agencyId, userId: user.id, role } });
  return user;
}

describe("team notifications", () => {
  it("notifies chosen members in the app and by email (instant or digest) when a client grants, and posts to Slack", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const instant = await addMember(agency.agencyId);
    const digest = await addMember(agency.agencyId);
    const none = await addMember(agency.agencyId);
    await updateNotificationPreferences({
      agencyId: agency.agencyId,
      userId: digest.id,
      input: { events: ["service.granted"], email: "digest" },
    });
    await updateNotificationPreferences({
      agencyId: agency.agencyId,
      userId: none.id,
      input: { events: ["intake.completed"], email: "instant" },
    });

    // Slack on a loopback receiver (WEBHOOK_ALLOW_LOOPBACK is on in tests)
    const received: string[] = [];
    const slack = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push(body);
        res.end("ok");
      });
    });
    await new Promise<void>((r) => slack.listen(0, "127.0.0.1", r));
    const port = (slack.address() as { port: number }).port;
    try {
      const bad = await updateSlackWebhookUrl({
        agencyId: agency.agencyId,
        input: { url: "http://10.0.0.1/hook" },
      }).catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(ApiError);
      expect((bad as ApiError).details[0]!.field).toBe("url");
      await updateSlackWebhookUrl({ agencyId: agency.agencyId, input: { url: `http://127.0.0.1:${port}/hook` } });

      const { token, requestId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "analyst" } });
      const res = await signInAndGrant(base, token, "meta_ads");
      expect(res.status).toBeLessThan(400);

      const forInstant = await listNotifications({ agencyId: agency.agencyId, userId: instant.id });
      expect(forInstant.data.map((n) => n.type)).toEqual(
        expect.arrayContaining(["service.granted", "request.completed"]),
      );
      expect(forInstant.data.find((n) => n.type === "service.granted")!.message).toMatch(/^Ana Client granted /);
      expect(forInstant.unread).toBe(forInstant.data.length);
      expect(
        (await listNotifications({ agencyId: agency.agencyId, userId: digest.id })).data.map((n) => n.type),
      ).toEqual(["service.granted"]);
      expect((await listNotifications({ agencyId: agency.agencyId, userId: none.id })).data).toEqual([]);

      const db = await getDb();
      const mails = await db.email.findMany({
        where: { agencyId: agency.agencyId, kind: { in: ["notification", "notification_digest"] } },
      });
      // one email for the request's news, not one per event (instant-email-batch.integration.test.ts)
      expect(mails.filter((m) => m.to === instant.email).length).toBe(1);
      expect(mails.some((m) => m.to === digest.email || m.to === none.email)).toBe(false);
      expect(mails.find((m) => m.to === instant.email)!.requestId).toBe(requestId);

      expect(await queueDueDigests()).toBe(1);
      expect(await queueDueDigests()).toBe(0); // not twice in a day
      const digestMail = await db.email.findFirstOrThrow({ where: { to: digest.email, kind: "notification_digest" } });
      expect(digestMail.text).toContain("Ana Client granted");

      expect(await markNotificationsRead({ agencyId: agency.agencyId, userId: instant.id })).toBe(0);

      await sendPendingSlackMessages();
      expect(received.length).toBeGreaterThanOrEqual(2);
      expect(JSON.parse(received[0]!).text).toMatch(/Ana Client/);
      expect(await db.slackMessage.count({ where: { agencyId: agency.agencyId, status: "sent" } })).toBe(
        received.length,
      );
    } finally {
      await new Promise((r) => slack.close(r));
    }
  });

  it("does not tell a member of their own action, in the app or in their digest; the rest of the team is told", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const actor = await addMember(agency.agencyId, "manager");
    const other = await addMember(agency.agencyId);
    for (const m of [actor, other])
      await updateNotificationPreferences({
        agencyId: agency.agencyId,
        userId: m.id,
        input: { events: ["service.granted"], email: "digest" },
      });
    const { requestId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "analyst" } });
    await applyRequestAction({
      agencyId: agency.agencyId,
      requestId,
      action: { kind: "mark_granted", serviceId: "meta_ads" },
      actor: actor.email.toUpperCase(),
    });
    expect((await listNotifications({ agencyId: agency.agencyId, userId: actor.id })).data).toEqual([]);
    expect((await listNotifications({ agencyId: agency.agencyId, userId: other.id })).data.map((n) => n.type)).toEqual([
      "service.granted",
    ]);
    await queueDueDigests();
    const db = await getDb();
    const digests = await db.email.findMany({
      where: { agencyId: agency.agencyId, kind: "notification_digest" },
      select: { to: true },
    });
    expect(digests.map((d) => d.to)).toEqual([other.email]);
  });

  it("refuses unknown events and modes with the field named", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const user = await addMember(agency.agencyId);
    const err = await updateNotificationPreferences({
      agencyId: agency.agencyId,
      userId: user.id,
      input: { events: ["client.created"], email: "weekly" },
    }).catch((e: unknown) => e);
    expect(err).toBeDefined();
    expect(JSON.stringify(err)).toMatch(/events|email/);
  });
});

describe("the client page and deleting a client", () => {
  it("shows granted assets with role, date and who granted, notes and activity; CSV; deletion removes personal data and keeps usage", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const author = await addMember(agency.agencyId);
    const { token, clientId, requestId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "analyst" } });
    await signInAndGrant(base, token, "meta_ads", { assets: [1, 2] });
    await addClientNote({
      agencyId: agency.agencyId,
      author: { id: author.id, name: author.email },
      input: { clientId, body: "Prefers email" },
    });

    const profile = await getClientProfile({ agencyId: agency.agencyId, id: clientId });
    expect(profile.requests.map((r) => r.id)).toEqual([requestId]);
    expect(profile.assets).toHaveLength(2);
    expect(profile.assets[0]).toMatchObject({ platformName: "Meta", grantedBy: "Ana Client (client)" });
    expect(profile.assets[0]!.grantedAt).not.toBeNull();
    expect(profile.notes.map((n) => n.body)).toEqual(["Prefers email"]);
    expect(profile.activity.some((a) => /Ana Client granted/.test(a.text))).toBe(true);
    const csv = await exportClientAccessCsv({ agencyId: agency.agencyId, id: clientId });
    expect(csv.body.split("\r\n")[0]).toBe(
      "Client,Client email,Platform,Service,Asset ID,Asset name,Role,Granted at,Granted by,Request ID",
    );
    expect(csv.body.split("\r\n").filter(Boolean)).toHaveLength(3);

    // another agency cannot read or delete it
    const other = await seedAccessAgency(["meta"]);
    await expect(getClientProfile({ agencyId: other.agencyId, id: clientId })).rejects.toMatchObject({ status: 404 });
    await expect(deleteClient({ agencyId: other.agencyId, id: clientId })).rejects.toMatchObject({ status: 404 });

    const db = await getDb();
    const usageBefore = await db.usageCounter.findMany({
      where: { agencyId: agency.agencyId },
      select: { kind: true, used: true },
    });
    expect(usageBefore.length).toBeGreaterThan(0);
    const hooksBefore = await db.event.count({ where: { agencyId: agency.agencyId, type: { startsWith: "client." } } });
    expect(await deleteClient({ agencyId: agency.agencyId, id: clientId })).toEqual({ id: clientId, requests: 1 });

    expect(await db.client.count({ where: { id: clientId } })).toBe(0);
    expect(await db.accessRequest.count({ where: { id: requestId } })).toBe(0);
    expect(await db.requestService.count({ where: { requestId } })).toBe(0);
    expect(await db.intakeAnswer.count({ where: { requestId } })).toBe(0);
    expect(await db.clientNote.count({ where: { clientId } })).toBe(0);
    expect(await db.event.count({ where: { requestId } })).toBe(0);
    expect(await db.email.count({ where: { requestId } })).toBe(0);
    expect(await db.notification.count({ where: { clientId } })).toBe(0);
    expect(await db.event.count({ where: { agencyId: agency.agencyId, body: { contains: "ana@client.test" } } })).toBe(
      0,
    );
    // no client.deleted event is sent (not in the spec)
    expect(
      await db.event.count({ where: { agencyId: agency.agencyId, type: { startsWith: "client." } } }),
    ).toBeLessThanOrEqual(hooksBefore);
    expect(
      await db.usageCounter.findMany({ where: { agencyId: agency.agencyId }, select: { kind: true, used: true } }),
    ).toEqual(usageBefore);
    await expect(deleteClient({ agencyId: agency.agencyId, id: clientId })).rejects.toMatchObject({ status: 404 });
  });
});

describe("read-only prospects on the static link", () => {
  it("accepts only read-only roles unless the agency allows more, and leaves out stored non-read-only services", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const links = [{ internalAccountId: agency.accounts.meta! }];
    const admin = await updateStaticLink({
      agencyId: agency.agencyId,
      input: { services: { meta_ads: { accessLevel: "admin", optional: false, requestedAccountLinks: links } } },
    }).catch((e: unknown) => e);
    expect(admin).toBeInstanceOf(ApiError);
    expect((admin as ApiError).details[0]!.field).toBe("services.meta_ads.accessLevel");
    expect((admin as ApiError).message + JSON.stringify((admin as ApiError).details)).toMatch(/read-only/);

    const ok = await updateStaticLink({
      agencyId: agency.agencyId,
      input: {
        enabled: true,
        services: { meta_ads: { accessLevel: "analyst", optional: false, requestedAccountLinks: links } },
      },
    });
    expect(ok.allowAllRoles).toBe(false);

    const allowed = await updateStaticLink({
      agencyId: agency.agencyId,
      input: {
        allowAllRoles: true,
        services: { meta_ads: { accessLevel: "admin", optional: false, requestedAccountLinks: links } },
      },
    });
    expect(allowed.services.meta_ads?.accessLevel).toBe("admin");
    const db = await getDb();
    const withAll = (await findStaticLinkAgency((await getStaticLink({ agencyId: agency.agencyId })).token))!;
    expect(Object.keys((await staticLinkPlan(db, withAll))!.services)).toEqual(["meta_ads"]);

    // turning the setting off again: the stored Admin service is no longer offered
    await db.agency.update({ where: { id: agency.agencyId }, data: { staticLinkAllowAllRoles: false } });
    const readOnly = (await findStaticLinkAgency((await getStaticLink({ agencyId: agency.agencyId })).token))!;
    expect(await staticLinkPlan(db, readOnly)).toBeNull();
  });
});
