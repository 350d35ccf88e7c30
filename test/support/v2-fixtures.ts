// Test fixtures for the V2 integration tests: an agency with an API key and connected
// accounts seeded through the domain functions, a small HTTP caller for the loopback
// API server, and assertions for the envelopes every response must use.
import crypto from "node:crypto";
import { expect } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { API_SCOPES, type ApiScope } from "@/lib/core/auth/scopes";

export interface SeededV2Agency {
  agencyId: string;
  key: string;
  apiKeyId: string;
  /** platform → internalAccountId */
  accounts: Record<string, string>;
}

/** A new agency (plan "agency": API access, no monthly limit unless `plan` says otherwise) with one key. */
export async function seedV2Agency(
  opts: { name?: string; plan?: string; scopes?: readonly ApiScope[]; platforms?: string[] } = {},
): Promise<SeededV2Agency> {
  const agency = await createAgency({
    name: opts.name ?? `Agency ${crypto.randomUUID().slice(0, 8)}`,
    plan: opts.plan ?? "agency",
  });
  const key = await createApiKey({ agencyId: agency.id, scopes: opts.scopes ?? API_SCOPES });
  const accounts: Record<string, string> = {};
  for (const platform of opts.platforms ?? ["meta", "google", "shopify"]) {
    accounts[platform] = (await connectAccount({ agencyId: agency.id, platform })).internalAccountId;
  }
  return { agencyId: agency.id, key: key.key, apiKeyId: key.id, accounts };
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // Response bodies are asserted field by field by the tests themselves.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  body: any;
  text: string;
}

export interface CallOptions {
  body?: unknown;
  /** sent as is, without JSON encoding or a content type unless `headers` gives one */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** POST creates get a fresh Idempotency-Key unless this is given (null: none) */
  idempotencyKey?: string | null;
  /** null: no Authorization header */
  key?: string | null;
}

/** Calls `${base}/api/v2${path}` with the key as a bearer token. */
export async function call(
  base: string,
  key: string,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  const bearer = opts.key === undefined ? key : opts.key;
  if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
  let body: string | Uint8Array | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  const idem =
    opts.idempotencyKey === undefined
      ? method === "POST" && /^\/(clients|requests|webhooks)$/.test(path)
        ? crypto.randomUUID()
        : null
      : opts.idempotencyKey;
  if (idem !== null) headers["idempotency-key"] = idem;
  Object.assign(headers, opts.headers ?? {});
  const res = await fetch(`${base}/api/v2${path}`, { method, headers, body: body as BodyInit | undefined });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** A caller bound to one server and key. */
export function client(base: string, key: string) {
  return (method: string, path: string, opts?: CallOptions) => call(base, key, method, path, opts);
}

export const REQUEST_ID = /^req_[A-Za-z0-9_-]{8,}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Asserts the V2 error envelope with the given status and code; returns the error object. */
export function expectError(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }, res.text).toEqual({ status, code });
  expect(Object.keys(res.body).sort()).toEqual(["error", "meta"]);
  expect(typeof res.body.error.message).toBe("string");
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(Array.isArray(res.body.error.details)).toBe(true);
  for (const d of res.body.error.details) {
    expect(typeof d.message).toBe("string");
    if ("field" in d) expect(typeof d.field).toBe("string");
  }
  expect(res.body.meta.requestId).toMatch(REQUEST_ID);
  expect(res.headers.get("x-request-id")).toBe(res.body.meta.requestId);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return res.body.error as { code: string; message: string; details: { field?: string; message: string }[] };
}

/** Asserts a success envelope with the given status; returns `data`. */
export function expectOk(res: ApiResponse, status = 200) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.meta.requestId).toMatch(REQUEST_ID);
  expect(res.body.error).toBeUndefined();
  return res.body.data;
}

/** The fields of VALIDATION_FAILED details. */
export function fieldsOf(res: ApiResponse): string[] {
  return (res.body?.error?.details ?? []).map((d: { field?: string }) => d.field).filter(Boolean);
}
