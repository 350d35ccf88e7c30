// The Zapier integration (integrations/zapier/) against the built app over real HTTP, run by
// Zapier's own appTester (zapier-platform-core) the way `zapier-platform test` runs it:
// - its definition passes zapier-platform-schema's validation, as `zapier-platform validate`
//   runs it locally (and a broken definition does not);
// - the connection: a good key is accepted and labelled with the agency, a bad key and an
//   address without a scheme are refused with a message saying which;
// - a REST hook trigger subscribes (the webhook appears in the API with the Zap's URL and
//   event), lists real samples from the agency's clients and requests, and unsubscribes (the
//   webhook is gone; unsubscribing again is fine);
// - a real delivery of the instance, handed to the trigger as Zapier hands it (headers as
//   `Http-…`), runs the Zap; the same delivery tampered with, or signed too long ago, is
//   refused; a test event the Zap did not ask for runs nothing;
// - the actions and searches: create a client, create a request with its services, roles and
//   accounts from the dynamic fields, cancel it; find a client; find a request.
// The package is its own workspace (integrations/zapier/package.json declares its
// dependencies), so it is loaded with Node's require from its own folder, as Zapier loads it.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";
import { seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { closeDb } from "@/lib/infra/db/db";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";

// The integration's results are plain JSON asserted field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON from the integration
type Json = any;
type Bundle = Record<string, unknown>;
type AppTester = (method: unknown, bundle: Bundle) => Promise<Json>;
interface ZapierCore {
  createAppTester(app: unknown): AppTester;
  createAppHandler(app: unknown): (event: Record<string, unknown>) => Promise<Json>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const requireFromApp = createRequire(path.join(ROOT, "integrations/zapier/index.js"));
const zapier = requireFromApp("zapier-platform-core") as ZapierCore;
const { validateAppDefinition } = requireFromApp("zapier-platform-schema") as {
  validateAppDefinition(definition: unknown): { errors: { stack: string }[] };
};
const App: Json = requireFromApp("./index.js");
const appTester = zapier.createAppTester(App);

// the seeded accounts and the server share one key
process.env.ENCRYPTION_KEY ||= crypto.randomBytes(32).toString("hex");

interface Delivery {
  /** the path it was sent to: each subscription has its own */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let app: RunningServer;
let agency: SeededV2Agency;
let receiver: http.Server;
let receiverBase: string;
const deliveries: Delivery[] = [];
let authData: { instanceUrl: string; apiKey: string };
/** a key of the same agency that may only read */
let readOnlyKey: string;

beforeAll(async () => {
  prepareStandalone();
  agency = await seedV2Agency();
  readOnlyKey = (await createApiKey({ agencyId: agency.agencyId, scopes: ["clients:read", "requests:read"] })).key;
  // the embedded database belongs to one process: the server's from here on
  if (!process.env.DATABASE_URL) await closeDb();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      deliveries.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  app = await startStandalone({ WEBHOOK_ALLOW_LOOPBACK: "1", WORKER_IN_PROCESS: "1" });
  authData = { instanceUrl: app.url, apiKey: agency.key };
}, 150_000);

afterAll(async () => {
  await stopServer(app);
  receiver?.close();
});

/** What an integration error says: Zapier's AppError carries `{ message, code, status }` as JSON. */
async function refusal(promise: Promise<unknown>): Promise<{ message: string; code?: string; status?: number }> {
  const err = await promise.then(
    () => null,
    (e: Error) => e,
  );
  if (!err) throw new Error("expected the integration to refuse");
  try {
    return JSON.parse(err.message);
  } catch {
    return { message: err.message };
  }
}

/** The API as the test reads it, beside the integration. */
async function apiGet(pathname: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${app.url}/api/v2${pathname}`, { headers: { authorization: `Bearer ${agency.key}` } });
  return { status: res.status, body: await res.json() };
}

/** Zapier's `bundle.rawRequest` of a delivery: headers other than Content-Type/-Length as `Http-Camel-Case`. */
function rawRequestOf(delivery: Delivery, body = delivery.body) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(delivery.headers)) {
    const camel = name
      .split("-")
      .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
      .join("-");
    headers[/^content-(type|length)$/.test(name) ? camel : `Http-${camel}`] = String(value);
  }
  return { method: "POST", querystring: "", headers, content: body };
}

/** A target URL of its own, as Zapier gives each Zap. */
function targetUrl() {
  return `${receiverBase}/hooks/${crypto.randomUUID()}`;
}

async function deliveryOf(url: string, type: string, match: (event: Json) => boolean): Promise<Delivery> {
  const started = Date.now();
  for (;;) {
    const found = deliveries.find(
      (d) => url.endsWith(d.path) && d.headers["service-event-type"] === type && match(JSON.parse(d.body)),
    );
    if (found) return found;
    if (Date.now() - started > 30_000) throw new Error(`no ${type} delivery within 30 s: ${app.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the definition", () => {
  it("validates with zapier-platform-schema as `zapier-platform validate` runs it, and a broken one does not", async () => {
    const handler = zapier.createAppHandler(App);
    expect(await handler({ command: "validate" })).toEqual({ status: "SUCCESS", results: [] });
    const { results: definition } = await handler({ command: "definition" });
    expect(validateAppDefinition(definition).errors).toEqual([]);
    expect(Object.keys(definition.triggers)).toEqual(
      expect.arrayContaining(["new_client", "new_request", "request_completed", "new_event", "service_choices"]),
    );
    expect(Object.keys(definition.creates).sort()).toEqual(["cancel_request", "create_client", "create_request"]);
    expect(Object.keys(definition.searches).sort()).toEqual(["find_client", "find_request"]);

    const broken = structuredClone(definition);
    delete broken.triggers.new_client.display.label;
    broken.creates.create_client.operation.inputFields[0].type = "loltype";
    expect(validateAppDefinition(broken).errors.length).toBeGreaterThanOrEqual(2);
  });
});

describe("the connection", () => {
  it("accepts a good key (GET /me) and labels the connection with the agency and the host", async () => {
    const me = await appTester(App.authentication.test, { authData });
    expect(me.agency.id).toBe(agency.agencyId);
    expect(me.apiKey.id).toBe(agency.apiKeyId);
    const label = await appTester(App.authentication.connectionLabel, { authData, inputData: me });
    expect(label).toBe(`${me.agency.name} (${new URL(app.url).host})`);
    // the address as pasted from the browser, or with the API's path, works the same
    const pasted = await appTester(App.authentication.test, {
      authData: { ...authData, instanceUrl: `${app.url}/api/v2/` },
    });
    expect(pasted.agency.id).toBe(agency.agencyId);
  });

  it("refuses a bad key and an address without a scheme, saying which", async () => {
    const badKey = await refusal(
      appTester(App.authentication.test, { authData: { ...authData, apiKey: "ark_not_a_real_key" } }),
    );
    expect(badKey.message).toMatch(/^The instance refused the API key \(401\)/);
    const badUrl = await refusal(
      appTester(App.authentication.test, { authData: { ...authData, instanceUrl: "access.example.com" } }),
    );
    expect(badUrl).toMatchObject({ code: "InvalidInstanceUrl", status: 400 });
    expect(badUrl.message).toMatch(/^Instance URL: "access\.example\.com" is not the address of an installation/);
    // an address that answers, but not with the API: the message says to check it
    const notApi = await refusal(
      appTester(App.authentication.test, { authData: { ...authData, instanceUrl: `${app.url}/nothing-here` } }),
    );
    expect(notApi.message).toMatch(/without the API's error body: check the Instance URL/);
  });
});

describe("a REST hook trigger", () => {
  it("subscribes (the webhook appears), lists real samples and unsubscribes (the webhook is gone)", async () => {
    const trigger = App.triggers.new_client.operation;
    const url = targetUrl();
    const subscribeData = await appTester(trigger.performSubscribe, { authData, targetUrl: url });
    expect(subscribeData).toMatchObject({ events: ["client.created"], secret: expect.stringMatching(/^whsec_/) });
    const webhook = await apiGet(`/webhooks/${subscribeData.id}`);
    expect(webhook.status).toBe(200);
    expect(webhook.body.data).toMatchObject({ url, events: ["client.created"], status: "active" });

    const client = await appTester(App.creates.create_client.operation.perform, {
      authData,
      inputData: { name: "Sample Person", email: `sample-${crypto.randomUUID()}@example.com` },
    });
    const samples = await appTester(trigger.performList, { authData });
    expect(samples[0]).toMatchObject({
      type: "client.created",
      schemaVersion: "2026-10-06",
      test: false,
      data: { client: { id: client.id, email: client.email } },
    });

    await appTester(trigger.performUnsubscribe, { authData, subscribeData });
    expect((await apiGet(`/webhooks/${subscribeData.id}`)).status).toBe(404);
    // turning off a Zap whose webhook is already gone still works
    await expect(appTester(trigger.performUnsubscribe, { authData, subscribeData })).resolves.toMatchObject({
      alreadyGone: true,
    });
  });

  it("runs the Zap on a delivery that verifies; refuses a tampered or stale one; skips what it did not ask for", async () => {
    const trigger = App.triggers.new_client.operation;
    const url = targetUrl();
    const subscribeData = await appTester(trigger.performSubscribe, { authData, targetUrl: url });
    try {
      const email = `delivered-${crypto.randomUUID()}@example.com`;
      const client = await appTester(App.creates.create_client.operation.perform, {
        authData,
        inputData: { name: "Delivered Person", email, company: "Delivered Ltd", externalClientId: `crm-${Date.now()}` },
      });
      const delivery = await deliveryOf(url, "client.created", (e) => e.data.client.id === client.id);

      const [event] = await appTester(trigger.perform, {
        authData,
        subscribeData,
        rawRequest: rawRequestOf(delivery),
        cleanedRequest: JSON.parse(delivery.body),
      });
      expect(event).toMatchObject({ type: "client.created", data: { client: { id: client.id, email } } });
      expect(event.id).toBe(delivery.headers["service-event-id"]);

      const tampered = delivery.body.replace("Delivered Ltd", "Forged Ltd");
      expect(tampered).not.toBe(delivery.body);
      const forged = await refusal(
        appTester(trigger.perform, { authData, subscribeData, rawRequest: rawRequestOf(delivery, tampered) }),
      );
      expect(forged).toMatchObject({ code: "InvalidSignature", status: 401 });
      expect(forged.message).toMatch(/^Delivery refused: the signature does not match the webhook's signing secret/);

      // signed with the right secret, but six minutes ago
      const t = Math.floor(Date.now() / 1000) - 360;
      const v1 = crypto.createHmac("sha256", subscribeData.secret).update(`${t}.${delivery.body}`).digest("hex");
      const stale = { ...delivery, headers: { ...delivery.headers, "service-signature": `t=${t},v1=${v1}` } };
      const late = await refusal(
        appTester(trigger.perform, { authData, subscribeData, rawRequest: rawRequestOf(stale) }),
      );
      expect(late.message).toMatch(/^Delivery refused: the signature's timestamp is more than 300 seconds from now/);
      const unsigned = { ...delivery, headers: { ...delivery.headers, "service-signature": undefined } };
      delete unsigned.headers["service-signature"];
      const bare = await refusal(
        appTester(trigger.perform, { authData, subscribeData, rawRequest: rawRequestOf(unsigned) }),
      );
      expect(bare.message).toMatch(/^Delivery refused: the delivery has no Service-Signature header/);

      // the dashboard's "send a test event" reaches the webhook; this Zap asked for new clients only
      const sent = await fetch(`${app.url}/api/v2/webhooks/${subscribeData.id}/test`, {
        method: "POST",
        headers: { authorization: `Bearer ${agency.key}` },
      });
      expect(sent.status).toBe(200);
      const testDelivery = await deliveryOf(url, "webhook.test", (e) => e.data.webhookId === subscribeData.id);
      expect(
        await appTester(trigger.perform, { authData, subscribeData, rawRequest: rawRequestOf(testDelivery) }),
      ).toEqual([]);
    } finally {
      await appTester(trigger.performUnsubscribe, { authData, subscribeData });
    }
  });
});

describe("actions and searches", () => {
  const externalClientId = `crm-${crypto.randomUUID().slice(0, 8)}`;
  const email = `Owner-${crypto.randomUUID().slice(0, 8)}@Example.com`;
  let client: Json;
  let request: Json;

  it("creates a client, and names the field the API refuses", async () => {
    client = await appTester(App.creates.create_client.operation.perform, {
      authData,
      inputData: {
        name: "Dana Owner",
        email,
        company: "Owner Bakery",
        website: "",
        language: "Dutch",
        externalClientId,
        metadata: { source: "zapier" },
      },
    });
    expect(client).toMatchObject({
      name: "Dana Owner",
      company: "Owner Bakery",
      website: null,
      language: "Dutch",
      externalClientId,
      metadata: { source: "zapier" },
    });
    expect((await apiGet(`/clients/${client.id}`)).body.data.email).toBe(email);

    const noEmail = await refusal(
      appTester(App.creates.create_client.operation.perform, { authData, inputData: { name: "No Email" } }),
    );
    expect(noEmail).toMatchObject({ code: "VALIDATION_FAILED", status: 400, message: expect.stringMatching(/email/) });
    const twin = await refusal(
      appTester(App.creates.create_client.operation.perform, {
        authData,
        inputData: { name: "Twin", email: "twin@example.com", externalClientId },
      }),
    );
    expect(twin).toMatchObject({ code: "EXTERNAL_CLIENT_ID_CONFLICT", status: 409 });
  });

  it("finds a client by its external ID and by email (case-insensitive); nothing when none matches", async () => {
    const search = App.searches.find_client.operation.perform;
    expect((await appTester(search, { authData, inputData: { externalClientId } }))[0].id).toBe(client.id);
    expect((await appTester(search, { authData, inputData: { email: email.toLowerCase() } }))[0].id).toBe(client.id);
    expect(await appTester(search, { authData, inputData: { externalClientId: `${externalClientId}-x` } })).toEqual([]);
    expect((await refusal(appTester(search, { authData, inputData: {} }))).message).toMatch(
      /^External Client ID or Email: give at least one/,
    );
    const choices = await appTester(App.triggers.client_choices.operation.perform, { authData });
    expect(choices[0]).toMatchObject({ id: client.id, label: expect.stringContaining("Owner Bakery") });
  });

  it("creates a request with its services, roles and accounts from the dynamic fields", async () => {
    const services: Json[] = (await apiGet("/services")).body.data;
    const accounts: Json[] = (await apiGet("/accounts")).body.data;
    const service = services.find(
      (s) =>
        s.roles.length > 1 &&
        !s.accountLinkFields.some((f: Json) => f.required) &&
        accounts.some((a) => a.services.includes(s.id)),
    );
    expect(service, "a service with roles that a seeded account offers").toBeDefined();
    const account = accounts.find((a) => a.services.includes(service.id));

    const serviceChoices = await appTester(App.triggers.service_choices.operation.perform, { authData });
    expect(serviceChoices.map((c: Json) => c.id)).toEqual(services.map((s) => s.id));

    const inputData: Record<string, unknown> = { clientId: client.id, services: [service.id] };
    const fields: Json[] = await appTester(App.creates.create_request.operation.inputFields, {
      authData,
      inputData,
    });
    const role = fields.find((f) => f.key === `role_${service.id}`);
    expect(role.choices.map((c: Json) => c.value)).toEqual(service.roles.map((r: Json) => r.value));
    const accountField = fields.find((f) => f.key === `accounts_${service.id}`);
    expect(accountField.choices.map((c: Json) => c.value)).toContain(account.internalAccountId);
    expect(fields.map((f) => f.key)).toContain(`optional_${service.id}`);

    const chosenRole = service.roles[1].value;
    request = await appTester(App.creates.create_request.operation.perform, {
      authData,
      inputData: {
        ...inputData,
        [`role_${service.id}`]: chosenRole,
        [`accounts_${service.id}`]: [account.internalAccountId],
        [`optional_${service.id}`]: "false",
        sendEmail: "false",
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString().replace("Z", "+00:00"),
      },
    });
    expect(request).toMatchObject({
      clientId: client.id,
      externalClientId,
      status: "pending",
      source: "api",
      inviteUrl: expect.stringContaining(app.url),
      services: [
        {
          service: service.id,
          accessLevel: chosenRole,
          optional: false,
          accounts: [expect.objectContaining({ internalAccountId: account.internalAccountId })],
        },
      ],
    });
    expect(request.expiresAt).not.toBeNull();

    // a role the service does not have: the API's refusal names the field
    const badRole = await refusal(
      appTester(App.creates.create_request.operation.perform, {
        authData,
        inputData: { ...inputData, [`role_${service.id}`]: "no-such-role" },
      }),
    );
    expect(badRole).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
    expect(badRole.message).toContain(`requestedServices.${service.id}.accessLevel`);
  });

  it("finds the request by its ID and by the client, and offers it to cancel", async () => {
    const search = App.searches.find_request.operation.perform;
    expect((await appTester(search, { authData, inputData: { requestId: request.id } }))[0].id).toBe(request.id);
    expect((await appTester(search, { authData, inputData: { externalClientId } }))[0].id).toBe(request.id);
    expect((await appTester(search, { authData, inputData: { clientId: client.id, status: "pending" } }))[0].id).toBe(
      request.id,
    );
    expect(await appTester(search, { authData, inputData: { requestId: crypto.randomUUID() } })).toEqual([]);
    expect(await appTester(search, { authData, inputData: { externalClientId, status: "completed" } })).toEqual([]);
    const choices = await appTester(App.triggers.request_choices.operation.perform, { authData });
    expect(choices.map((c: Json) => c.id)).toContain(request.id);
  });

  it("cancels the request (again is fine), and lists it as a sample of Access Request Cancelled", async () => {
    const cancel = App.creates.cancel_request.operation.perform;
    const cancelled = await appTester(cancel, { authData, inputData: { requestId: request.id } });
    expect(cancelled).toMatchObject({ id: request.id, status: "cancelled", cancelledAt: expect.any(String) });
    expect((await apiGet(`/requests/${request.id}`)).body.data.status).toBe("cancelled");
    expect((await appTester(cancel, { authData, inputData: { requestId: request.id } })).status).toBe("cancelled");
    const missing = await refusal(appTester(cancel, { authData, inputData: { requestId: crypto.randomUUID() } }));
    expect(missing).toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(missing.message).toMatch(/^Request: no access request [0-9a-f-]+ in this agency/);

    const samples = await appTester(App.triggers.request_cancelled.operation.performList, { authData });
    expect(samples[0]).toMatchObject({
      type: "request.cancelled",
      createdAt: cancelled.cancelledAt,
      data: { request: { id: request.id, status: "cancelled" } },
    });
    // nothing completed yet: the editor falls back to the trigger's static sample
    expect(await appTester(App.triggers.request_completed.operation.performList, { authData })).toEqual([]);
    const choices = await appTester(App.triggers.request_choices.operation.perform, { authData });
    expect(choices.map((c: Json) => c.id)).not.toContain(request.id);
  });

  it("passes on the API's refusal of a key without the scope, naming the code", async () => {
    const readOnly = { ...authData, apiKey: readOnlyKey };
    const subscribe = await refusal(
      appTester(App.triggers.new_request.operation.performSubscribe, { authData: readOnly, targetUrl: targetUrl() }),
    );
    expect(subscribe).toMatchObject({ code: "CAPABILITY_REQUIRED", status: 403 });
    const cancel = await refusal(
      appTester(App.creates.cancel_request.operation.perform, {
        authData: readOnly,
        inputData: { requestId: request.id },
      }),
    );
    expect(cancel).toMatchObject({ code: "CAPABILITY_REQUIRED", status: 403 });
    expect(cancel.message).toMatch(/requests:cancel/);
  });
});
