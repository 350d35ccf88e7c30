// Test support: runs the built n8n nodes of integrations/n8n (dist/, what n8n loads) outside
// n8n, the way n8n calls them. @n8n/node-cli and n8n-workflow ship no node test harness (n8n's
// own is internal to its repository), so this is a minimal stand-in for the parts of
// IExecuteFunctions, IHookFunctions and IWebhookFunctions the nodes use:
// - credentials are applied as n8n applies them: the credential type's `authenticate`
//   headers and `test.request` are resolved with n8n-workflow's own expression engine
//   (`Expression.resolveWithoutWorkflow`) against the entered values;
// - `helpers.httpRequest(WithAuthentication)` follows IHttpRequestOptions (baseURL, url, qs,
//   json, returnFullResponse, ignoreHttpStatusErrors) over real HTTP with fetch, and records
//   each call so a test can see the pages a list read;
// - parameters, input items, static data and the webhook URL are what the test gives.
import { createRequire } from "node:module";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const N8N_PACKAGE = path.join(ROOT, "integrations/n8n");
/** Resolves from the n8n package, as n8n resolves the package's own `require`s. */
export const requireFromPackage = createRequire(path.join(N8N_PACKAGE, "package.json"));

type Json = Record<string, unknown>;
export interface Credentials {
  url: string;
  apiKey: string;
}
interface CredentialType {
  authenticate: { properties: { headers: Record<string, string> } };
  test: { request: { baseURL: string; url: string; method?: string } };
}
interface HttpOptions {
  url: string;
  baseURL?: string;
  method?: string;
  headers?: Record<string, unknown>;
  qs?: Record<string, unknown>;
  body?: unknown;
  json?: boolean;
  returnFullResponse?: boolean;
  ignoreHttpStatusErrors?: boolean;
}
export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
}

const { Expression } = requireFromPackage("n8n-workflow") as {
  Expression: { resolveWithoutWorkflow(expression: string, data: Json): unknown };
};

/** An n8n parameter value: `=`-prefixed text is an expression over `$credentials`. */
export function resolveExpression(value: string, credentials: Credentials): string {
  if (!value.startsWith("=")) return value;
  return String(Expression.resolveWithoutWorkflow(value.slice(1), { $credentials: credentials }));
}

export function loadCredentialType(): CredentialType {
  const { AccessRequestsApi } = requireFromPackage("./dist/credentials/AccessRequestsApi.credentials.js");
  return new AccessRequestsApi() as CredentialType;
}

/** n8n's credential test: the type's test request with its authentication; OK on a 2xx. */
export async function testCredentials(credentials: Credentials): Promise<{ status: "OK" | "Error"; code: number }> {
  const type = loadCredentialType();
  const { request } = type.test;
  const res = await send(
    {
      baseURL: resolveExpression(request.baseURL, credentials),
      url: resolveExpression(request.url, credentials),
      method: request.method ?? "GET",
      headers: authHeaders(type, credentials),
    },
    [],
  );
  return { status: res.statusCode >= 200 && res.statusCode < 300 ? "OK" : "Error", code: res.statusCode };
}

function authHeaders(type: CredentialType, credentials: Credentials): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(type.authenticate.properties.headers)) out[k] = resolveExpression(v, credentials);
  return out;
}

async function send(options: HttpOptions, calls: RecordedCall[]) {
  const url = new URL(options.baseURL ? `${options.baseURL}${options.url}` : options.url);
  for (const [k, v] of Object.entries(options.qs ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.headers ?? {})) headers[k.toLowerCase()] = String(v);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  const method = options.method ?? "GET";
  calls.push({ method, url: url.toString(), headers });
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  if (options.json !== false && text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return {
    statusCode: res.status,
    statusMessage: res.statusText,
    headers: Object.fromEntries(res.headers),
    body: parsed,
  };
}

export interface HostOptions {
  credentials: Credentials;
  params?: Json;
  items?: number;
  continueOnFail?: boolean;
  staticData?: Json;
  webhookUrl?: string;
}

/** The `this` of execute(), loadOptions and the webhook lifecycle methods. */
export function makeContext(opts: HostOptions) {
  const type = loadCredentialType();
  const params = opts.params ?? {};
  const staticData = opts.staticData ?? {};
  const calls: RecordedCall[] = [];
  const node = {
    id: "n1",
    name: "Access Requests",
    type: "accessRequests",
    typeVersion: 1,
    position: [0, 0],
    parameters: params,
  };
  const httpRequest = async (options: HttpOptions) => {
    const res = await send(options, calls);
    if (!options.ignoreHttpStatusErrors && (res.statusCode < 200 || res.statusCode >= 300))
      throw new Error(`Request failed with status code ${res.statusCode}`);
    return options.returnFullResponse ? res : res.body;
  };
  const context = {
    calls,
    staticData,
    getNode: () => node,
    getInputData: () => Array.from({ length: opts.items ?? 1 }, () => ({ json: {} })),
    continueOnFail: () => opts.continueOnFail ?? false,
    getCredentials: async () => opts.credentials,
    getNodeParameter(name: string, _itemIndex?: number, fallback?: unknown) {
      if (name in params) return params[name];
      if (fallback !== undefined) return fallback;
      throw new Error(`Could not get parameter "${name}"`);
    },
    getWorkflowStaticData: () => staticData,
    getNodeWebhookUrl: () => opts.webhookUrl,
    getMode: () => "trigger",
    getActivationMode: () => "activate",
    helpers: {
      httpRequest,
      async httpRequestWithAuthentication(_type: string, options: HttpOptions) {
        return httpRequest({
          ...options,
          headers: { ...(options.headers ?? {}), ...authHeaders(type, opts.credentials) },
        });
      },
      returnJsonArray: (data: Json | Json[]) => (Array.isArray(data) ? data : [data]).map((json) => ({ json })),
    },
  };
  return context;
}

/** The `this` of webhook(): the request as n8n hands it over (raw body kept) and its response. */
export function makeWebhookContext(
  base: ReturnType<typeof makeContext>,
  request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
) {
  const response = { statusCode: 200, body: undefined as unknown };
  const res = {
    status(code: number) {
      response.statusCode = code;
      return res;
    },
    json(body: unknown) {
      response.body = body;
      return res;
    },
  };
  let parsed: Json = {};
  try {
    parsed = JSON.parse(request.rawBody.toString("utf8")) as Json;
  } catch {
    parsed = {};
  }
  const context = {
    ...base,
    getRequestObject: () => ({ rawBody: request.rawBody, headers: request.headers, body: parsed }),
    getResponseObject: () => res,
    getHeaderData: () => request.headers,
    getBodyData: () => parsed,
  };
  return { context, response };
}
