// Static samples: what the Zap editor shows when the account has nothing of the kind yet
// (`sample` of a trigger, search or create: https://docs.zapier.com/platform/build-cli/overview,
// "Output fields and samples"). Shaped as the API returns them (docs/api.md, the OpenAPI
// document at /api/v2/openapi.json); the triggers' samples are event envelopes.
"use strict";

const SCHEMA_VERSION = "2026-10-06";

const CLIENT = {
  id: "5f0c7a52-2a8e-4b7a-9d55-1c9d2f1f7a10",
  externalClientId: "crm-1042",
  name: "Dana Whitfield",
  email: "dana@northwind.example",
  company: "Northwind Bakery",
  website: "https://northwind.example",
  language: "English",
  metadata: { owner: "sales" },
  createdAt: "2026-11-02T09:14:27.512Z",
};

const REQUEST = {
  id: "0b8c3e5e-6f1e-4a8b-a2f4-7d1f4a8e9c21",
  clientId: CLIENT.id,
  externalClientId: CLIENT.externalClientId,
  status: "pending",
  stateVersion: 1,
  source: "api",
  inviteUrl: "https://access.example.com/i/9d0f4f6a1c2b4e7f8a3d5c6b7e8f9a0b",
  embedUrl: "https://access.example.com/embed/9d0f4f6a1c2b4e7f8a3d5c6b7e8f9a0b",
  intakeForm: { requested: false, complete: false },
  services: [
    {
      service: "analytics",
      platform: "analytics",
      accessLevel: "viewer",
      optional: false,
      status: "pending",
      accounts: [{ internalAccountId: "acc_3f9a1c", adsMccAccountId: null, businessManagerId: null }],
      grantedAssets: [],
    },
  ],
  thankYouMessage: null,
  redirectUrl: null,
  createdAt: "2026-11-02T09:15:03.204Z",
  completedAt: null,
  expiresAt: null,
  cancelledAt: null,
};

function withStatus(status, extra = {}) {
  return { ...REQUEST, status, stateVersion: 3, ...extra };
}

const SERVICE = { service: "analytics", platform: "analytics" };
const GRANTED = {
  ...REQUEST.services[0],
  status: "granted",
  grantedAssets: [{ id: "properties/318220", name: "Northwind web", accessLevel: "viewer" }],
};

/** The `data` of each event type's sample. */
const DATA = {
  "client.created": { client: CLIENT },
  "request.created": { request: REQUEST },
  "request.updated": { request: withStatus("in_progress") },
  "service.granted": {
    request: withStatus("in_progress", { services: [GRANTED] }),
    service: SERVICE,
  },
  "service.skipped": {
    request: withStatus("in_progress", { services: [{ ...REQUEST.services[0], optional: true, status: "skipped" }] }),
    service: SERVICE,
  },
  "service.grant_failed": {
    request: withStatus("in_progress"),
    service: SERVICE,
    errors: ["The account has no property the agency can be added to."],
  },
  "connection.attempt_completed": {
    request: withStatus("in_progress", { services: [GRANTED] }),
    attempt: {
      platform: "analytics",
      outcome: "success",
      services: [{ service: "analytics", status: "granted", errors: [] }],
      errors: [],
    },
  },
  "intake.completed": {
    request: withStatus("in_progress", { intakeForm: { requested: true, complete: true } }),
  },
  "request.completed": {
    request: withStatus("completed", { services: [GRANTED], completedAt: "2026-11-03T16:40:11.870Z" }),
  },
  "request.cancelled": { request: withStatus("cancelled", { cancelledAt: "2026-11-04T08:02:45.009Z" }) },
  "request.expired": { request: withStatus("expired", { expiresAt: "2026-11-30T00:00:00.000Z" }) },
  "webhook.test": {
    webhookId: "7d3c1b9e-0a4f-4c2e-8b6d-5e1f2a3b4c5d",
    message: "A test event from the Access Request Service.",
  },
  "access.lost": {
    request: withStatus("completed", { services: [GRANTED] }),
    service: SERVICE,
    assets: [{ id: "properties/318220", name: "Northwind web", lostAt: "2026-11-20T07:00:00.000Z", detail: null }],
  },
  "access.removed": {
    request: withStatus("completed", { services: [GRANTED] }),
    service: SERVICE,
    removedBy: "ops@agency.example",
    assets: [
      {
        id: "properties/318220",
        name: "Northwind web",
        method: "agency_token",
        removed: true,
        detail: null,
        confirmation: "confirmed",
      },
    ],
  },
};

/** A sample delivery body of this event type. */
function sampleEvent(type) {
  return {
    id: "evt_4f1d2c3b4a5968778695a4b3c2d1e0f9",
    type,
    schemaVersion: SCHEMA_VERSION,
    createdAt: "2026-11-03T16:40:12.001Z",
    test: type === "webhook.test",
    data: DATA[type],
  };
}

module.exports = { SCHEMA_VERSION, CLIENT, REQUEST, sampleEvent };
