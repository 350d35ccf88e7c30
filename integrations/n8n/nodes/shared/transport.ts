// Calls to the Access Request Service API V2 from the nodes: the instance's address from
// the credentials, the key added by n8n (httpRequestWithAuthentication), the `{ data, meta }`
// envelope unwrapped, and the API's error body (`error.code`, `message`, `details[].field`)
// turned into a NodeApiError that names the field. Lists follow `meta.nextCursor` (spec:
// Shared rules, Pagination). HTTP helpers: https://docs.n8n.io/integrations/creating-nodes/build/reference/http-helpers/
import { NodeApiError } from "n8n-workflow";
import type {
  IDataObject,
  IExecuteFunctions,
  IHookFunctions,
  IHttpRequestMethods,
  IHttpRequestOptions,
  IN8nHttpFullResponse,
  JsonObject,
} from "n8n-workflow";

export const CREDENTIAL_TYPE = "accessRequestsApi";

/** The spec's page size bound for list endpoints. */
export const MAX_PAGE_SIZE = 100;

type Context = IExecuteFunctions | IHookFunctions;

export interface ApiCall {
  method: IHttpRequestMethods;
  path: string;
  qs?: IDataObject;
  body?: IDataObject;
  /** Sent as `Idempotency-Key` on creates (spec: Idempotent creates). */
  idempotencyKey?: string;
  itemIndex?: number;
  /** Statuses answered with `{ data: null }` instead of an error (a 404 the caller expects). */
  okStatuses?: number[];
}

export interface Envelope {
  data: unknown;
  meta?: { requestId?: string; nextCursor?: string | null };
}

/** The instance's V2 base address from the credential's URL (a trailing slash is allowed). */
export async function apiBase(this: Context): Promise<string> {
  const credentials = await this.getCredentials<{ url: string }>(CREDENTIAL_TYPE);
  return `${String(credentials.url).replace(/\/+$/, "")}/api/v2`;
}

/** The API's error body as one readable line: code, message and the fields named in details. */
function describeApiError(status: number, body: unknown): { message: string; description: string } {
  const error = (
    body as { error?: { code?: string; message?: string; details?: Array<{ field?: string; message?: string }> } }
  )?.error;
  if (!error) return { message: `The Access Request Service answered ${status}`, description: "" };
  const details = (error.details ?? [])
    .map((d) => (d.field ? `${d.field}: ${d.message ?? ""}` : (d.message ?? "")))
    .filter(Boolean);
  return {
    message: `${error.code ?? status}: ${error.message ?? "request refused"}`,
    description: details.join("; "),
  };
}

/** One call; resolves with the envelope, throws NodeApiError with the API's code and fields otherwise. */
export async function apiRequest(this: Context, call: ApiCall): Promise<Envelope> {
  const headers: IDataObject = { Accept: "application/json" };
  if (call.idempotencyKey) headers["Idempotency-Key"] = call.idempotencyKey;
  const options: IHttpRequestOptions = {
    method: call.method,
    url: `${await apiBase.call(this)}${call.path}`,
    headers,
    json: true,
    returnFullResponse: true,
    ignoreHttpStatusErrors: true,
  };
  if (call.qs && Object.keys(call.qs).length > 0) options.qs = call.qs;
  if (call.body !== undefined) options.body = call.body;
  const response = (await this.helpers.httpRequestWithAuthentication.call(
    this,
    CREDENTIAL_TYPE,
    options,
  )) as IN8nHttpFullResponse;
  const body = response.body as unknown;
  if (response.statusCode >= 200 && response.statusCode < 300) return body as Envelope;
  if (call.okStatuses?.includes(response.statusCode)) return { data: null };
  const { message, description } = describeApiError(response.statusCode, body);
  throw new NodeApiError(this.getNode(), (body ?? {}) as JsonObject, {
    message,
    description,
    httpCode: String(response.statusCode),
    itemIndex: call.itemIndex,
  });
}

/**
 * Reads a list endpoint page by page through `meta.nextCursor`: every item with `max`
 * undefined, else at most `max` items (pages sized to what is still wanted).
 */
export async function apiList(this: Context, call: ApiCall, max?: number): Promise<IDataObject[]> {
  const items: IDataObject[] = [];
  let cursor: string | null | undefined;
  do {
    const wanted = max === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, max - items.length);
    const qs: IDataObject = { ...(call.qs ?? {}), limit: wanted };
    if (cursor) qs.cursor = cursor;
    const page = await apiRequest.call(this, { ...call, qs });
    items.push(...(page.data as IDataObject[]));
    cursor = page.meta?.nextCursor;
  } while (cursor && (max === undefined || items.length < max));
  return max === undefined ? items : items.slice(0, max);
}
