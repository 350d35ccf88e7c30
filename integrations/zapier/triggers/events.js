// Instant triggers for the instance's webhook events, as REST hooks
// (https://docs.zapier.com/platform/build/cli-hook-trigger): turning a Zap on subscribes
// (POST /webhooks with the Zap's target URL and the trigger's event types), turning it off
// unsubscribes (DELETE /webhooks/{id}), each delivery is verified with the webhook's signing
// secret before the Zap runs, and the editor's samples are read from the agency's own clients
// and requests, shaped as the event would carry them.
"use strict";

const { api, newest } = require("../lib/api");
const { signatureProblem, rawHeader } = require("../lib/signature");
const { SCHEMA_VERSION, sampleEvent } = require("../lib/samples");

/** The spec's event types and the two extensions a webhook gets only when it names them. */
const EVENT_TYPES = [
  "client.created",
  "request.created",
  "request.updated",
  "service.granted",
  "service.skipped",
  "service.grant_failed",
  "connection.attempt_completed",
  "intake.completed",
  "request.completed",
  "request.cancelled",
  "request.expired",
  "webhook.test",
  "access.lost",
  "access.removed",
];
const EXTENSIONS = ["access.lost", "access.removed"];

/** One trigger per common event; the rest through "New Event" with its event types chosen. */
const TRIGGERS = [
  { key: "new_client", type: "client.created", noun: "Client", label: "New Client" },
  { key: "new_request", type: "request.created", noun: "Request", label: "New Access Request" },
  { key: "request_updated", type: "request.updated", noun: "Request", label: "Access Request Updated" },
  { key: "service_granted", type: "service.granted", noun: "Service", label: "Service Granted" },
  { key: "service_skipped", type: "service.skipped", noun: "Service", label: "Service Skipped" },
  { key: "intake_completed", type: "intake.completed", noun: "Request", label: "Intake Form Completed" },
  { key: "request_completed", type: "request.completed", noun: "Request", label: "Access Request Completed" },
  { key: "request_cancelled", type: "request.cancelled", noun: "Request", label: "Access Request Cancelled" },
  { key: "request_expired", type: "request.expired", noun: "Request", label: "Access Request Expired" },
];

const DESCRIPTIONS = {
  "client.created": "Triggers when a client is created from the dashboard, the API or an access page.",
  "request.created": "Triggers when an access request is created.",
  "request.updated":
    "Triggers when an access request changes otherwise (services changed, access asked again, a grant unmarked, a skipped service reopened).",
  "service.granted": "Triggers when a client grants a service, or the team marks it granted.",
  "service.skipped": "Triggers when a client skips an optional service.",
  "intake.completed": "Triggers when a client submits the intake form of a request.",
  "request.completed": "Triggers when every service of an access request is granted (and the intake form is in).",
  "request.cancelled": "Triggers when an access request is cancelled.",
  "request.expired": "Triggers when an access request passes its deadline before completion.",
};

/** The event types a Zap asked for: the trigger's own, or those chosen on "New Event" (none: all). */
function chosenEvents(bundle, fixedType) {
  if (fixedType) return [fixedType];
  const raw = bundle.inputData && bundle.inputData.events;
  const list = (Array.isArray(raw) ? raw : raw ? String(raw).split(",") : [])
    .map((e) => String(e).trim())
    .filter(Boolean);
  return list.length ? [...new Set(list)] : ["*"];
}

/** Whether a webhook subscribed to `events` receives this type (`*` means the spec's types). */
function subscribedTo(events, type) {
  return events.includes(type) || (events.includes("*") && !EXTENSIONS.includes(type));
}

const subscribe = (fixedType) => async (z, bundle) => {
  const { data } = await api(z, bundle, {
    method: "POST",
    path: "/webhooks",
    body: { url: bundle.targetUrl, events: chosenEvents(bundle, fixedType) },
    idempotent: true,
  });
  // kept by Zapier as bundle.subscribeData: the id to unsubscribe, the secret to verify with
  return { id: data.id, events: data.events, secret: data.secret };
};

async function unsubscribe(z, bundle) {
  const id = bundle.subscribeData && bundle.subscribeData.id;
  if (!id) throw new z.errors.Error("The Zap holds no webhook id to unsubscribe.", "MissingWebhook", 400);
  // a webhook already deleted in the dashboard is as unsubscribed as it gets
  const res = await api(z, bundle, { method: "DELETE", path: `/webhooks/${encodeURIComponent(id)}`, allow: [404] });
  return res.status === 404 ? { id, deleted: true, alreadyGone: true } : res.data;
}

const perform = (fixedType) => async (z, bundle) => {
  const raw = bundle.rawRequest || {};
  const subscription = bundle.subscribeData || {};
  const problem = signatureProblem({
    header: rawHeader(raw.headers, "Service-Signature"),
    body: raw.content,
    secret: subscription.secret,
  });
  if (problem) {
    throw new z.errors.Error(
      `Delivery refused: ${problem}. If the webhook's secret was rotated in the dashboard, turn the Zap off and on again to subscribe with a new one.`,
      "InvalidSignature",
      401,
    );
  }
  const event = JSON.parse(raw.content);
  const events = Array.isArray(subscription.events) ? subscription.events : chosenEvents(bundle, fixedType);
  // a test event sent from the dashboard reaches every webhook: only what the Zap asked for runs it
  if (!event || typeof event.type !== "string" || !subscribedTo(events, event.type)) return [];
  return [event];
};

/** The event an API object would have produced: what the editor shows before a real one arrives. */
function asEvent(type, data, at) {
  const resource = data.request || data.client;
  return {
    id: `evt_sample_${resource.id.replace(/-/g, "")}_${type.replace(/\W/g, "_")}`,
    type,
    schemaVersion: SCHEMA_VERSION,
    createdAt: at || resource.createdAt,
    test: false,
    data,
  };
}

const REQUEST_STATUS_OF = {
  "request.completed": "completed",
  "request.cancelled": "cancelled",
  "request.expired": "expired",
};
const SAMPLES = 3;

/** Real samples of one event type from the agency's newest clients and requests ([] when it has none). */
async function samplesOf(z, bundle, type) {
  if (type === "client.created") {
    const clients = await newest(z, bundle, "/clients", {}, { keep: SAMPLES });
    return clients.map((client) => asEvent(type, { client }));
  }
  if (!type.startsWith("request.") && !["service.granted", "service.skipped", "intake.completed"].includes(type))
    return []; // attempts, test events and the extensions are not readable from the API
  const requests = await newest(z, bundle, "/requests", { status: REQUEST_STATUS_OF[type] });
  const out = [];
  for (const request of requests) {
    if (type === "service.granted" || type === "service.skipped") {
      const status = type === "service.granted" ? "granted" : "skipped";
      const svc = request.services.find((s) => s.status === status);
      if (svc) out.push(asEvent(type, { request, service: { service: svc.service, platform: svc.platform } }));
    } else if (type === "intake.completed") {
      if (request.intakeForm && request.intakeForm.complete) out.push(asEvent(type, { request }));
    } else {
      const at =
        type === "request.completed"
          ? request.completedAt
          : type === "request.cancelled"
            ? request.cancelledAt
            : type === "request.expired"
              ? request.expiresAt
              : undefined;
      out.push(asEvent(type, { request }, at));
    }
    if (out.length === SAMPLES) break;
  }
  return out;
}

const performList = (fixedType) => async (z, bundle) => {
  const events = chosenEvents(bundle, fixedType);
  const types = events.includes("*") ? ["request.created", "client.created"] : events;
  for (const type of types) {
    const samples = await samplesOf(z, bundle, type);
    if (samples.length) return samples;
  }
  return [];
};

function hookTrigger({ key, type, noun, label, description, inputFields = [] }) {
  return {
    key,
    noun,
    display: { label, description },
    operation: {
      type: "hook",
      inputFields,
      performSubscribe: subscribe(type),
      performUnsubscribe: unsubscribe,
      perform: perform(type),
      performList: performList(type),
      sample: sampleEvent(type || "request.created"),
      outputFields: [
        { key: "id", label: "Event ID" },
        { key: "type", label: "Event Type" },
        { key: "createdAt", label: "Event Time", type: "datetime" },
      ],
    },
  };
}

const eventTriggers = TRIGGERS.map((t) => hookTrigger({ ...t, description: DESCRIPTIONS[t.type] }));

const anyEvent = hookTrigger({
  key: "new_event",
  type: null,
  noun: "Event",
  label: "New Event",
  description:
    "Triggers on the events you choose (all of the API's events when you choose none), including failed grant attempts and lost or removed access.",
  inputFields: [
    {
      key: "events",
      label: "Event Types",
      list: true,
      required: false,
      choices: EVENT_TYPES.map((t) => ({ value: t, label: t, sample: t })),
      helpText:
        "The events that run this Zap. Leave empty for every event of the API; `access.lost` and `access.removed` run it only when chosen.",
    },
  ],
});

module.exports = { triggers: [...eventTriggers, anyEvent], EVENT_TYPES };
