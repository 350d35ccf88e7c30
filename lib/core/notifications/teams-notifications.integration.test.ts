// Microsoft Teams notifications against a contract fake of a Workflows webhook
// (test/support/fakes/teams-workflow-fake.ts), through real HTTP and a real database: the URL
// rule, the test message, a client's grant reaching the channel as an Adaptive Card whose
// button opens the request, Teams' refusals said clearly, and retries on 5xx and 429.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { startApiServer } from "@/test/support/api-server";
import { seedAccessAgency, seedAccessRequest, signInAndGrant } from "@/test/support/access-fixtures";
import {
  startTeamsWorkflowFake,
  TEAMS_MAX_MESSAGE_BYTES,
  type TeamsWorkflowFake,
} from "@/test/support/fakes/teams-workflow-fake";
import { updateTeamsWebhookUrl, getTeamsWebhookUrl } from "@/lib/core/notifications/notification-settings";
import {
  sendPendingTeamsMessages,
  sendTeamsTestMessage,
  postToTeams,
  TEAMS_RETRY_DELAYS_MS,
} from "@/lib/core/notifications/send-teams-messages";
import { teamsMessage } from "@/lib/core/notifications/teams-card";
import { ApiError } from "@/lib/core/common/api-error";

let base = "";
let close: (() => Promise<void>) | undefined;
let teams: TeamsWorkflowFake;
beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
  teams = await startTeamsWorkflowFake();
});
afterAll(async () => {
  await teams?.close();
  await close?.();
});

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** Queues one Teams message for the agency, as notifyTeam does, due now. */
async function queueOne(agencyId: string, now: Date) {
  const db = await getDb();
  return db.teamsMessage.create({
    data: {
      agencyId,
      text: "Acme granted Meta Ads",
      link: `${env().appUrl}/dashboard`,
      createdAt: now,
      nextAttemptAt: now,
    },
  });
}

describe("the Teams URL", () => {
  it("is stored once it passes the webhook URL rule, cleared with null, and refused with the field named", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const id = agency.agencyId;
    const bad = await refusal(updateTeamsWebhookUrl({ agencyId: id, input: { url: "http://10.0.0.1/workflows/x" } }));
    expect(bad.details[0]!.field).toBe("url");
    // https only: a public address over plain http is refused (an IP literal: no DNS in tests)
    const plain = await refusal(updateTeamsWebhookUrl({ agencyId: id, input: { url: "http://93.184.216.34/hook" } }));
    expect(plain.details[0]).toMatchObject({ field: "url" });
    expect(plain.details[0]!.message).toMatch(/https/);
    const reserved = await refusal(
      updateTeamsWebhookUrl({ agencyId: id, input: { url: "https://teams.invalid/hook" } }),
    );
    expect(reserved.details[0]).toMatchObject({ field: "url" });
    const connector = await refusal(
      updateTeamsWebhookUrl({
        agencyId: id,
        input: { url: "https://acme.webhook.office.com/webhookb2/abc/IncomingWebhook/def" },
      }),
    );
    expect(connector.details[0]).toMatchObject({ field: "url" });
    expect(connector.details[0]!.message).toMatch(/retired.*Post to a channel when a webhook request is received/);
    const notUrl = await refusal(updateTeamsWebhookUrl({ agencyId: id, input: { url: "not a url" } }));
    expect(notUrl.details[0]!.field).toBe("url");
    expect(await getTeamsWebhookUrl({ agencyId: id })).toBeNull();

    expect(await updateTeamsWebhookUrl({ agencyId: id, input: { url: teams.url } })).toBe(teams.url);
    expect(await getTeamsWebhookUrl({ agencyId: id })).toBe(teams.url);
    expect(await updateTeamsWebhookUrl({ agencyId: id, input: { url: null } })).toBeNull();
    expect(await getTeamsWebhookUrl({ agencyId: id })).toBeNull();
  });
});

describe("the test message", () => {
  it("posts an Adaptive Card Teams accepts (202) and says so", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const before = teams.cards.length;
    const result = await sendTeamsTestMessage({ agencyId: agency.agencyId, input: { url: teams.url } });
    expect(result).toMatchObject({ delivered: true, status: 202 });
    expect(result.message).toMatch(/Teams accepted the test message \(HTTP 202\)/);
    const card = teams.cards[before]!;
    expect(card).toMatchObject({ type: "AdaptiveCard", version: "1.4" });
    expect(card.actions).toEqual([
      {
        type: "Action.OpenUrl",
        title: "Open the notification settings",
        url: `${env().appUrl}/dashboard/notifications`,
      },
    ]);
    expect(JSON.stringify(card.body)).toContain("Test message");
    expect(teams.received.at(-1)!.contentType).toBe("application/json");
    // nothing was saved by testing
    expect(await getTeamsWebhookUrl({ agencyId: agency.agencyId })).toBeNull();
  });

  it("uses the saved URL when the form's is empty, and names the field when there is none", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const none = await refusal(sendTeamsTestMessage({ agencyId: agency.agencyId, input: { url: null } }));
    expect(none.details[0]!.field).toBe("url");
    await updateTeamsWebhookUrl({ agencyId: agency.agencyId, input: { url: teams.url } });
    expect(await sendTeamsTestMessage({ agencyId: agency.agencyId, input: { url: null } })).toMatchObject({
      delivered: true,
    });
  });

  it("reports Teams' refusal with its status and its own message, never as a server error", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const unsigned = await sendTeamsTestMessage({ agencyId: agency.agencyId, input: { url: teams.unsignedUrl } });
    expect(unsigned).toMatchObject({ delivered: false, status: 401 });
    expect(unsigned.message).toBe(
      "Teams refused the message (HTTP 401): DirectApiAuthorizationRequired: The request must be authenticated: the 'sig' is missing or invalid.",
    );
    const unknown = await sendTeamsTestMessage({ agencyId: agency.agencyId, input: { url: teams.unknownUrl } });
    expect(unknown).toMatchObject({ delivered: false, status: 404 });
    expect(unknown.message).toMatch(/HTTP 404\): WorkflowNotFound/);
    teams.switches.enabled = false;
    try {
      const off = await sendTeamsTestMessage({ agencyId: agency.agencyId, input: { url: teams.url } });
      expect(off).toMatchObject({ delivered: false, status: 409 });
      expect(off.message).toMatch(/turned off/);
    } finally {
      teams.switches.enabled = true;
    }
  });
});

describe("the fake refuses what Teams refuses, and our card is not among it", () => {
  it("refuses a non-JSON body, a missing attachment, a card of another type and a message over 28 KB", async () => {
    const post = (body: string, type = "application/json") =>
      fetch(teams.url, { method: "POST", headers: { "content-type": type }, body });
    const card = teamsMessage({ heading: "Acme", text: "Acme granted Meta Ads", link: `${env().appUrl}/dashboard` });
    expect((await post("{not json")).status).toBe(400);
    expect((await post(JSON.stringify(card), "text/plain")).status).toBe(400);
    const missing = await post(JSON.stringify({ type: "message" }));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("TriggerInputSchemaMismatch");
    const legacy = {
      type: "message",
      attachments: [
        { contentType: "application/vnd.microsoft.teams.card.o365connector", content: { "@type": "MessageCard" } },
      ],
    };
    expect((await post(JSON.stringify(legacy))).status).toBe(400);
    const big = JSON.stringify({ ...card, padding: "x".repeat(TEAMS_MAX_MESSAGE_BYTES) });
    expect((await post(big)).status).toBe(413);
    expect((await post(JSON.stringify(card))).status).toBe(202);

    // a line too long for a card is cut, so what we send always fits; Markdown in a name stays text
    const long = teamsMessage({
      heading: "Acme",
      text: `[Click](https://evil.test) ${"é".repeat(20_000)}`,
      link: "https://x.test/",
    });
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThan(TEAMS_MAX_MESSAGE_BYTES);
    expect(await postToTeams(teams.url, long)).toEqual({ delivered: true, status: 202 });
    expect(JSON.stringify(teams.cards.at(-1)!.body)).toContain('"type":"TextRun","text":"[Click](https://evil.test)');
  });
});

describe("events in Teams", () => {
  it("posts a client's grant as an Adaptive Card whose button opens the request", async () => {
    const agency = await seedAccessAgency(["meta"]);
    await updateTeamsWebhookUrl({ agencyId: agency.agencyId, input: { url: teams.url } });
    const { token, requestId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "analyst" } });
    const res = await signInAndGrant(base, token, "meta_ads");
    expect(res.status).toBeLessThan(400);

    const db = await getDb();
    const queued = await db.teamsMessage.findMany({
      where: { agencyId: agency.agencyId },
      orderBy: { createdAt: "asc" },
    });
    // the grant, and the request completing with it
    expect(queued.length).toBeGreaterThanOrEqual(2);
    const before = teams.cards.length;
    // other files' agencies may have messages due too; send until ours are out
    while ((await db.teamsMessage.count({ where: { agencyId: agency.agencyId, status: "pending" } })) > 0)
      if ((await sendPendingTeamsMessages()) === 0) break;
    expect(await db.teamsMessage.count({ where: { agencyId: agency.agencyId, status: "sent" } })).toBe(queued.length);

    const ours = teams.cards.slice(before).filter((c) => JSON.stringify(c.body).includes("Ana Client"));
    expect(ours.length).toBe(queued.length);
    const granted = ours.find((c) => /Ana Client granted /.test(JSON.stringify(c.body)))!;
    expect(granted).toBeDefined();
    expect(granted.actions).toEqual([
      { type: "Action.OpenUrl", title: "Open the request", url: `${env().appUrl}/dashboard/requests/${requestId}` },
    ]);
    const agencyName = (await db.agency.findUniqueOrThrow({ where: { id: agency.agencyId } })).name;
    expect(JSON.stringify(granted.body)).toContain(agencyName);
  });

  it("queues nothing for Teams when the agency has no Teams URL", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const { token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "analyst" } });
    await signInAndGrant(base, token, "meta_ads");
    expect(await (await getDb()).teamsMessage.count({ where: { agencyId: agency.agencyId } })).toBe(0);
  });
});

describe("the worker's retries", () => {
  it("retries a 5xx and a 429 (after its Retry-After), then sends", async () => {
    const agency = await seedAccessAgency(["meta"]);
    await updateTeamsWebhookUrl({ agencyId: agency.agencyId, input: { url: teams.url } });
    const db = await getDb();
    // in the future of every other file's messages, so this file's worker call takes ours
    const t0 = new Date(Date.now() + 24 * 3600_000);
    const msg = await queueOne(agency.agencyId, t0);
    const row = () => db.teamsMessage.findUniqueOrThrow({ where: { id: msg.id } });

    teams.failNext(503);
    await sendPendingTeamsMessages({ now: t0, limit: 1 });
    expect(await row()).toMatchObject({ status: "pending", attempts: 1 });
    expect((await row()).lastError).toBe(
      "Teams refused the message (HTTP 503): ServiceUnavailable: The service is temporarily unavailable.",
    );
    expect((await row()).nextAttemptAt.getTime()).toBe(t0.getTime() + TEAMS_RETRY_DELAYS_MS[0]);

    const t1 = (await row()).nextAttemptAt;
    teams.failNext(429, 1, { "retry-after": "900" });
    await sendPendingTeamsMessages({ now: t1, limit: 1 });
    expect(await row()).toMatchObject({ status: "pending", attempts: 2 });
    expect((await row()).lastError).toMatch(/HTTP 429\): TooManyRequests/);
    // Retry-After (15 minutes) over the schedule's 5 minutes
    expect((await row()).nextAttemptAt.getTime()).toBe(t1.getTime() + 900_000);

    const t2 = (await row()).nextAttemptAt;
    await sendPendingTeamsMessages({ now: t2, limit: 1 });
    expect(await row()).toMatchObject({ status: "sent", attempts: 3, lastError: null });
  });

  it("gives up after the schedule on 5xx, and at once on a refusal retrying cannot fix", async () => {
    const agency = await seedAccessAgency(["meta"]);
    await updateTeamsWebhookUrl({ agencyId: agency.agencyId, input: { url: teams.url } });
    const db = await getDb();
    let now = new Date(Date.now() + 48 * 3600_000);
    const msg = await queueOne(agency.agencyId, now);
    const row = () => db.teamsMessage.findUniqueOrThrow({ where: { id: msg.id } });
    teams.failNext(500, TEAMS_RETRY_DELAYS_MS.length + 1);
    for (let i = 0; i <= TEAMS_RETRY_DELAYS_MS.length; i++) {
      await sendPendingTeamsMessages({ now, limit: 1 });
      now = (await row()).nextAttemptAt;
    }
    expect(await row()).toMatchObject({ status: "failed", attempts: TEAMS_RETRY_DELAYS_MS.length + 1 });

    // the workflow was deleted: 404 fails the message on its first attempt
    now = new Date(now.getTime() + 3600_000);
    await db.agency.update({ where: { id: agency.agencyId }, data: { teamsWebhookUrl: teams.unknownUrl } });
    const gone = await queueOne(agency.agencyId, now);
    await sendPendingTeamsMessages({ now, limit: 1 });
    const goneRow = await db.teamsMessage.findUniqueOrThrow({ where: { id: gone.id } });
    expect(goneRow).toMatchObject({ status: "failed", attempts: 1 });
    expect(goneRow.lastError).toMatch(/^Teams refused the message \(HTTP 404\): WorkflowNotFound/);

    // the URL was removed: the message fails without a request
    await db.agency.update({ where: { id: agency.agencyId }, data: { teamsWebhookUrl: null } });
    const orphan = await queueOne(agency.agencyId, now);
    const sentBefore = teams.received.length;
    await sendPendingTeamsMessages({ now, limit: 1 });
    expect(await db.teamsMessage.findUniqueOrThrow({ where: { id: orphan.id } })).toMatchObject({
      status: "failed",
      lastError: "No Teams URL is set any more.",
    });
    expect(teams.received.length).toBe(sentBefore);
  });
});
