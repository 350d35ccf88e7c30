// Test support for the access pages' integration tests: an agency with sandbox accounts,
// a client and a request made through the domain functions, the sandbox sign-in walked
// over real HTTP (connect → consent → callback), form posts, and the recorded events.

import { getRequestRowOrThrow } from "@/lib/core/requests/load-request";
import { serializeRequest } from "@/lib/core/requests/serialize-request";
import { requestLinkToken, requestLinkTokenSelect } from "@/lib/core/request-records/request-links";
import crypto from "node:crypto";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { sandboxCode, type SandboxMode } from "@/lib/infra/connectors/sandbox-connector";
import { getDb } from "@/lib/infra/db/db";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { REFUSAL_IN_BODY_HEADER } from "@/lib/surfaces/client-pages/refusal-in-body";

export interface TestAgency {
  agencyId: string;
  accounts: Record<string, string>;
}

export async function seedAccessAgency(
  platforms = ["meta", "google", "tiktok", "microsoft", "shopify", "hubspot", "x"],
): Promise<TestAgency> {
  const agency = await createAgency({ name: `Access Agency ${crypto.randomUUID().slice(0, 6)}`, plan: "agency" });
  const accounts: Record<string, string> = {};
  for (const platform of platforms) {
    accounts[platform] = (
      await connectAccount({ agencyId: agency.id, platform, email: `${platform}@agency.test` })
    ).internalAccountId;
  }
  return { agencyId: agency.id, accounts };
}

export interface ServiceAsk {
  accessLevel?: string;
  optional?: boolean;
}

/** A client and a request for `services` (platform accounts picked from the agency's). */
export async function seedAccessRequest(
  agency: TestAgency,
  services: Record<string, ServiceAsk>,
  opts: {
    language?: "English" | "Spanish" | "Dutch";
    intake?: boolean;
    isDemo?: boolean;
    thankYouMessage?: string;
    redirectUrl?: string;
    /** another request for this client instead of a new client */
    clientId?: string;
  } = {},
): Promise<{ requestId: string; token: string; clientId: string }> {
  const client = opts.clientId
    ? { id: opts.clientId }
    : await createClient({
        agencyId: agency.agencyId,
        input: ZCreateClientBody.parse({
          name: "Ana Client",
          email: "ana@client.test",
          language: opts.language ?? "English",
        }),
      });
  const requestedServices = Object.fromEntries(
    Object.entries(services).map(([id, ask]) => {
      const platform = id.split("_")[0]!;
      return [id, { ...ask, requestedAccountLinks: [{ internalAccountId: agency.accounts[platform]! }] }];
    }),
  );
  const request = await createRequest({
    agencyId: agency.agencyId,
    source: "api",
    isDemo: opts.isDemo,
    input: ZCreateRequestBody.parse({
      clientId: client.id,
      requestedServices,
      ...(opts.intake ? { intakeForm: { requested: true } } : {}),
      ...(opts.thankYouMessage ? { thankYouMessage: opts.thankYouMessage } : {}),
      ...(opts.redirectUrl ? { redirectUrl: opts.redirectUrl } : {}),
    }),
  });
  const db = await getDb();
  const stored = await db.accessRequest.findUniqueOrThrow({
    where: { id: request.id },
    select: requestLinkTokenSelect,
  });
  return { requestId: request.id, token: requestLinkToken(stored), clientId: client.id };
}

/**
 * An open lost-access alert on a granted-looking request for google_analytics (viewer), as an
 * access check records one; for tests of "Ask again" that need no check to run first.
 */
export async function seedLostAccessAlert(agency: TestAgency): Promise<{ alertId: string; clientId: string }> {
  const seeded = await seedAccessRequest(agency, { google_analytics: { accessLevel: "viewer" } });
  const alert = await (
    await getDb()
  ).accessAlert.create({
    data: {
      agencyId: agency.agencyId,
      clientId: seeded.clientId,
      requestId: seeded.requestId,
      serviceId: "google_analytics",
      platform: "google",
      accessLevel: "viewer",
      accounts: [{ internalAccountId: agency.accounts.google! }],
      assets: [{ id: "google_analytics_1001", name: "Asset 1", lostAt: new Date().toISOString(), detail: "gone" }],
    },
  });
  return { alertId: alert.id, clientId: seeded.clientId };
}

export async function getNoFollow(url: string, headers: Record<string, string> = {}) {
  return fetch(url, { redirect: "manual", headers });
}

/**
 * Posts an HTML form; `json` asks for the enhanced forms' JSON answer instead of a 303, and
 * `refusalInBody` for it as the page's script does (an expected refusal as a 200).
 */
export async function postForm(
  url: string,
  fields: Record<string, string | string[]>,
  opts: { json?: boolean; refusalInBody?: boolean } = {},
) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(opts.json ? { accept: "application/json" } : {}),
      ...(opts.refusalInBody ? { [REFUSAL_IN_BODY_HEADER]: "1" } : {}),
    },
    body,
  });
}

export function locationOf(res: Response): URL {
  const location = res.headers.get("location");
  if (!location) throw new Error(`no Location header (status ${res.status})`);
  return new URL(location, "http://app.test");
}

/** "Grant access" then the sandbox consent screen's Allow: returns the callback's answer. */
export async function signIn(base: string, token: string, serviceId: string, mode: SandboxMode = "normal") {
  const start = await getNoFollow(`${base}/api/access/${token}/connect/${serviceId}`);
  const consent = locationOf(start);
  if (consent.pathname !== "/sandbox/consent") return { start: consent, callback: null, state: null };
  const state = consent.searchParams.get("state")!;
  const platform = consent.searchParams.get("platform")!;
  const callback = await getNoFollow(
    `${base}/api/access/callback?state=${encodeURIComponent(state)}&code=${encodeURIComponent(sandboxCode(platform, mode))}`,
  );
  return { start: consent, callback: locationOf(callback), state, platform };
}

/** Signs in and submits the picker for `assets` (asset numbers 1-3 of the sandbox). */
export async function signInAndGrant(
  base: string,
  token: string,
  serviceId: string,
  opts: { mode?: SandboxMode; assets?: number[]; json?: boolean } = {},
) {
  const { callback } = await signIn(base, token, serviceId, opts.mode);
  const session = callback?.searchParams.get("session");
  if (!session) throw new Error(`sign-in did not reach the picker: ${callback}`);
  const assets = (opts.assets ?? [1]).map((n) => `${serviceId}_100${n}`);
  return postForm(
    `${base}/api/access/${token}/services/${serviceId}/grant`,
    { session, asset: assets },
    { json: opts.json },
  );
}

export interface StoredEvent {
  type: string;
  data: Record<string, unknown> & {
    request?: { stateVersion: number; status: string; services: { service: string; status: string }[] };
  };
}

export async function eventsOf(requestId: string): Promise<StoredEvent[]> {
  const db = await getDb();
  const rows = await db.event.findMany({ where: { requestId }, orderBy: [{ createdAt: "asc" }] });
  // Events of one transaction share a timestamp: tests compare those as sets, not sequences.
  return rows.map((r) => {
    const body = JSON.parse(r.body) as StoredEvent;
    return { type: body.type, data: body.data };
  });
}

export function typesOf(events: StoredEvent[]): string[] {
  return events.map((e) => e.type).sort();
}

export async function requestRow(requestId: string) {
  const db = await getDb();
  return db.accessRequest.findUniqueOrThrow({
    where: { id: requestId },
    include: { services: { orderBy: { position: "asc" } } },
  });
}

/** The Request object as the API shows it. */
export async function publicRequest(agencyId: string, requestId: string) {
  return serializeRequest(await getRequestRowOrThrow({ agencyId, id: requestId }));
}

/** The request.updated events that record an invitation's acceptance. */
export async function acceptanceEvents(requestId: string): Promise<StoredEvent[]> {
  return (await eventsOf(requestId)).filter(
    (e) => e.type === "request.updated" && (e.data as { invitation?: unknown }).invitation,
  );
}
