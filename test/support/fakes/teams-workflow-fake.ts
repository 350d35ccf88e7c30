// Contract fake of a Microsoft Teams Workflows webhook (the "When a Teams webhook request is
// received" trigger behind the "Post to a channel when a webhook request is received"
// template), written from Microsoft's documentation, apart from the sender:
// - the URL is a Power Automate request trigger's: POST
//   /workflows/{id}/triggers/manual/paths/invoke?api-version=…&sp=…&sv=…&sig=…, where `sig` is
//   the URL's shared-access signature (https://learn.microsoft.com/en-us/azure/connectors/connectors-native-reqres);
//   a wrong or missing `sig` answers 401, an unknown workflow 404, a turned-off one 409, another
//   method than POST 405;
// - success is 202 Accepted with an empty body (the trigger queues the run; the same page);
// - refusals are JSON `{"error":{"code","message"}}` (the request trigger's error shape): a body
//   that is not JSON or not sent as application/json is 400 InvalidRequestContent; one without
//   `attachments`, or whose attachment is not an Adaptive Card, is 400 TriggerInputSchemaMismatch
//   (Workflows take Adaptive Cards only:
//   https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using);
// - the message shape and limits come from "Send Adaptive Cards using an Incoming Webhook"
//   (https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook):
//   `type` "message", each attachment's `contentType` "application/vnd.microsoft.card.adaptive"
//   and `content` a card of `type` "AdaptiveCard" with a `version`; Action.Submit is not
//   supported; a message over 28 KB is refused (413, "Request Entity too large" as
//   https://learn.microsoft.com/en-us/connectors/teams/ words it).
// Where Teams itself would accept the request and fail the run later (a card it cannot post
// shows in the workflow's run history), the fake refuses at once, so a test sees the mistake.
// Switches: `failNext(status, times, headers)` answers the next requests with that status (a
// 5xx, or 429 with Retry-After) before the checks; `enabled` false is a turned-off workflow.
// Every request is recorded in `received`, and every accepted card in `cards`.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const TEAMS_MAX_MESSAGE_BYTES = 28 * 1024;
const ADAPTIVE = "application/vnd.microsoft.card.adaptive";

export type TeamsReceived = { method: string; path: string; contentType: string; body: string; status: number };
export type TeamsCard = {
  type: "AdaptiveCard";
  version: string;
  body?: unknown[];
  actions?: { type: string; title?: string; url?: string }[];
  [key: string]: unknown;
};

export type TeamsWorkflowFake = {
  /** The workflow's URL, with its signature: what an agency pastes. */
  url: string;
  /** The same workflow without its signature, and an unknown one. */
  unsignedUrl: string;
  unknownUrl: string;
  received: TeamsReceived[];
  cards: TeamsCard[];
  switches: { enabled: boolean };
  failNext(status: number, times?: number, headers?: Record<string, string>): void;
  close(): Promise<void>;
};

type Answer = { status: number; error?: { code: string; message: string }; headers?: Record<string, string> };

const refuse = (status: number, code: string, message: string): Answer => ({ status, error: { code, message } });

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The checks of the message itself, in the order Teams' documentation states them. */
function checkMessage(raw: string, cards: TeamsCard[]): Answer {
  if (Buffer.byteLength(raw) > TEAMS_MAX_MESSAGE_BYTES)
    return refuse(413, "RequestEntityTooLarge", "Request Entity too large: the message size limit is 28 KB.");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return refuse(400, "InvalidRequestContent", "The request content is not valid JSON.");
  }
  if (!isObject(body)) return refuse(400, "InvalidRequestContent", "The request content must be a JSON object.");
  const attachments = body.attachments;
  if (!Array.isArray(attachments) || attachments.length === 0)
    return refuse(
      400,
      "TriggerInputSchemaMismatch",
      "The input body for trigger 'manual' of type 'Request' did not match its schema definition: 'attachments' is required and must be a non-empty array.",
    );
  const found: TeamsCard[] = [];
  for (const [i, a] of attachments.entries()) {
    if (!isObject(a) || a.contentType !== ADAPTIVE)
      return refuse(
        400,
        "TriggerInputSchemaMismatch",
        `attachments[${i}].contentType must be '${ADAPTIVE}': Workflows post Adaptive Cards only.`,
      );
    const card = a.content;
    if (!isObject(card) || card.type !== "AdaptiveCard" || typeof card.version !== "string")
      return refuse(
        400,
        "TriggerInputSchemaMismatch",
        `attachments[${i}].content must be an Adaptive Card (type 'AdaptiveCard' with a version).`,
      );
    const actions = Array.isArray(card.actions) ? card.actions : [];
    if (actions.some((x) => isObject(x) && x.type === "Action.Submit"))
      return refuse(400, "TriggerInputSchemaMismatch", "Action.Submit is not supported in cards posted by a webhook.");
    found.push(card as TeamsCard);
  }
  if (body.type !== undefined && body.type !== "message")
    return refuse(400, "TriggerInputSchemaMismatch", "'type' must be 'message'.");
  cards.push(...found);
  return { status: 202 };
}

export async function startTeamsWorkflowFake(): Promise<TeamsWorkflowFake> {
  const workflowId = crypto.randomBytes(16).toString("hex");
  const sig = crypto.randomBytes(24).toString("base64url");
  const received: TeamsReceived[] = [];
  const cards: TeamsCard[] = [];
  const switches = { enabled: true };
  const failures: Answer[] = [];
  const path = `/workflows/${workflowId}/triggers/manual/paths/invoke`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake");
      const contentType = (req.headers["content-type"] ?? "").toLowerCase();
      const answer: Answer = (() => {
        if (url.pathname !== path)
          return refuse(
            404,
            "WorkflowNotFound",
            `The workflow '${url.pathname.split("/")[2] ?? ""}' could not be found.`,
          );
        if (req.method !== "POST")
          return refuse(
            405,
            "HttpMethodNotAllowed",
            `The HTTP method '${req.method}' is not allowed for this trigger.`,
          );
        if (url.searchParams.get("sig") !== sig)
          return refuse(
            401,
            "DirectApiAuthorizationRequired",
            "The request must be authenticated: the 'sig' is missing or invalid.",
          );
        if (!switches.enabled)
          return refuse(
            409,
            "WorkflowTriggerIsNotEnabled",
            "The workflow is turned off: turn it on in Power Automate.",
          );
        const failure = failures.shift();
        if (failure) return failure;
        if (!contentType.startsWith("application/json"))
          return refuse(400, "InvalidRequestContent", "The request content type must be 'application/json'.");
        return checkMessage(raw, cards);
      })();
      received.push({ method: req.method ?? "", path: url.pathname, contentType, body: raw, status: answer.status });
      const body = answer.error ? JSON.stringify({ error: answer.error }) : "";
      res.writeHead(answer.status, {
        ...(body ? { "content-type": "application/json; charset=utf-8" } : {}),
        ...answer.headers,
      });
      res.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const query = `api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0`;
  return {
    url: `${base}${path}?${query}&sig=${sig}`,
    unsignedUrl: `${base}${path}?${query}`,
    unknownUrl: `${base}/workflows/${"0".repeat(32)}/triggers/manual/paths/invoke?${query}&sig=${sig}`,
    received,
    cards,
    switches,
    failNext(status, times = 1, headers) {
      for (let i = 0; i < times; i++)
        failures.push({
          status,
          headers,
          error:
            status === 429
              ? { code: "TooManyRequests", message: "Rate limit is exceeded. Try again later." }
              : { code: "ServiceUnavailable", message: "The service is temporarily unavailable." },
        });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
