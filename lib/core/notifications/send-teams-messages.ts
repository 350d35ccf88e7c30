// Posts queued Teams messages to each agency's Workflows webhook: an HTTPS POST of one
// Adaptive Card (lib/core/notifications/teams-card.ts) through the SSRF-safe sender, and the
// "Send a test message" of the Notifications page. A 5xx, a 429 (after its Retry-After), a
// timeout or a refused connection is retried with backoff, then the message is marked failed;
// any other refusal (400 bad payload, 401/403/404 a deleted or turned-off workflow) fails it at
// once with Teams' status and message, since sending the same card again cannot help.
//
// What the workflow answers: the "When a Teams webhook request is received" trigger
// (https://learn.microsoft.com/en-us/connectors/teams/#microsoft-teams-webhook, used by the
// "Post to a channel when a webhook request is received" template,
// https://support.microsoft.com/en-us/office/create-incoming-webhooks-with-workflows-for-microsoft-teams-8ae491c7-0394-4861-ba59-055e33f75498)
// is a Power Automate request trigger: 202 Accepted with an empty body once the run is queued
// (https://learn.microsoft.com/en-us/azure/connectors/connectors-native-reqres), and on a refusal
// a JSON body `{"error":{"code":"…","message":"…"}}` (for example 400 TriggerInputSchemaMismatch
// or InvalidRequestContent). Throttling is 429 with Retry-After
// (https://learn.microsoft.com/en-us/microsoftteams/platform/bots/how-to/rate-limit#handle-http-429-responses).
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { safeSend } from "@/lib/infra/delivery/safe-send";
import { retryAfterMs } from "@/lib/infra/retry-after";
import { notFound, validationError } from "@/lib/core/common/api-error";
import { teamsMessage, type TeamsMessagePayload } from "@/lib/core/notifications/teams-card";
import { checkTeamsWebhookUrl, ZTeamsSettings } from "@/lib/core/notifications/notification-settings";

export const TEAMS_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
/** A Retry-After further away than this is not waited for in full. */
const MAX_RETRY_AFTER_MS = 6 * 60 * 60_000;
const CLAIM_LEASE_MS = 60_000;

export type TeamsPostResult =
  | { delivered: true; status: number }
  | { delivered: false; status: number | null; message: string; retryable: boolean; retryAfter: string | null };

/** Teams' own words from an error body (`{"error":{"code","message"}}`), else the body's start. */
function teamsError(body: string): string {
  const text = body.trim();
  if (text === "") return "";
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown }; message?: unknown };
    const code = typeof parsed.error?.code === "string" ? parsed.error.code : null;
    const message =
      typeof parsed.error?.message === "string"
        ? parsed.error.message
        : typeof parsed.message === "string"
          ? parsed.message
          : null;
    if (code || message) return [code, message].filter(Boolean).join(": ");
  } catch {
    // not JSON: the text as sent
  }
  return text.replace(/\s+/g, " ").slice(0, 300);
}

/** One POST of a message to a workflow URL. Never throws. */
export async function postToTeams(url: string, payload: TeamsMessagePayload): Promise<TeamsPostResult> {
  const result = await safeSend({
    url,
    body: JSON.stringify(payload),
    headers: { "content-type": "application/json" },
    allowLoopback: env().WEBHOOK_ALLOW_LOOPBACK,
    keepBody: true,
    maxBodyBytes: 8_192,
  });
  if (!result.ok || result.status === null) {
    return {
      delivered: false,
      status: null,
      message: `Teams could not be reached: ${result.error ?? "no answer"}`,
      retryable: true,
      retryAfter: null,
    };
  }
  const status = result.status;
  if (status >= 200 && status < 300) return { delivered: true, status };
  const said = teamsError(result.body);
  return {
    delivered: false,
    status,
    message: `Teams refused the message (HTTP ${status})${said ? `: ${said}` : ""}`,
    retryable: status === 408 || status === 429 || status >= 500,
    retryAfter: result.retryAfter,
  };
}

export async function sendPendingTeamsMessages(opts: { now?: Date; limit?: number } = {}): Promise<number> {
  const db = await getDb();
  const limit = opts.limit ?? 20;
  let handled = 0;
  while (handled < limit) {
    const now = opts.now ?? new Date();
    const next = await db.teamsMessage.findFirst({
      where: { status: "pending", nextAttemptAt: { lte: now } },
      orderBy: { nextAttemptAt: "asc" },
    });
    if (!next) break;
    // claim by moving nextAttemptAt; another worker that read the same row loses the update
    const claimed = await db.teamsMessage.updateMany({
      where: { id: next.id, status: "pending", nextAttemptAt: next.nextAttemptAt },
      data: { nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS), attempts: { increment: 1 } },
    });
    if (claimed.count === 0) continue;
    handled++;
    const agency = await db.agency.findUnique({
      where: { id: next.agencyId },
      select: { name: true, teamsWebhookUrl: true },
    });
    if (!agency?.teamsWebhookUrl) {
      await db.teamsMessage.update({
        where: { id: next.id },
        data: { status: "failed", lastError: "No Teams URL is set any more." },
      });
      continue;
    }
    const result = await postToTeams(
      agency.teamsWebhookUrl,
      teamsMessage({ heading: agency.name, text: next.text, link: next.link }),
    );
    if (result.delivered) {
      await db.teamsMessage.update({ where: { id: next.id }, data: { status: "sent", lastError: null } });
      continue;
    }
    const lastError = result.message.slice(0, 500);
    const delay = result.retryable ? TEAMS_RETRY_DELAYS_MS[next.attempts] : undefined;
    if (delay === undefined) {
      await db.teamsMessage.update({ where: { id: next.id }, data: { status: "failed", lastError } });
      continue;
    }
    const asked = Math.min(retryAfterMs(result.retryAfter, now.getTime()) ?? 0, MAX_RETRY_AFTER_MS);
    await db.teamsMessage.update({
      where: { id: next.id },
      data: { lastError, nextAttemptAt: new Date(now.getTime() + Math.max(delay, asked)) },
    });
  }
  return handled;
}

export type TTeamsTestResult = { delivered: boolean; status: number | null; message: string };

/**
 * "Send a test message": posts one card at once (not through the queue, so the page can say
 * what Teams answered) to the URL in the form, or to the saved one when the form's is empty.
 * Teams' refusal is a result to show, not an error: the action succeeded in asking.
 */
export async function sendTeamsTestMessage(opts: { agencyId: string; input: unknown }): Promise<TTeamsTestResult> {
  const { url } = ZTeamsSettings.parse(opts.input);
  const agency = await (
    await getDb()
  ).agency.findUnique({ where: { id: opts.agencyId }, select: { name: true, teamsWebhookUrl: true } });
  if (!agency) throw notFound("Agency");
  const target = url ? await checkTeamsWebhookUrl(url) : agency.teamsWebhookUrl;
  if (!target) throw validationError("url", "url is required: paste the workflow's URL first.");
  const result = await postToTeams(
    target,
    teamsMessage({
      heading: agency.name,
      text: "Test message: Teams notifications work. Your team's events (grants, skips, completed requests...) will be posted in this channel.",
      link: `${env().appUrl}/dashboard/notifications`,
      button: "Open the notification settings",
    }),
  );
  if (result.delivered)
    return {
      delivered: true,
      status: result.status,
      message: `Teams accepted the test message (HTTP ${result.status}). It shows in the channel once the workflow has run.`,
    };
  return { delivered: false, status: result.status, message: result.message };
}
