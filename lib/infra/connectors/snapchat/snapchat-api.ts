// One Snapchat Marketing API call: base https://adsapi.snapchat.com/v1 with the bearer
// token (Authentication, https://developers.snap.com/api/marketing-api/Ads-API/authentication).
// Answers wrap each entity as `{ <plural>: [{ sub_request_status, <singular>: {...} }] }`.
import type { ConnectorHttp, HttpMethod } from "@/lib/infra/connectors/http/connector-http";
import { snapchatError } from "@/lib/infra/connectors/snapchat/snapchat-errors";

export const SNAPCHAT_API_HOST = "adsapi.snapchat.com";
export const SNAPCHAT_API = `https://${SNAPCHAT_API_HOST}/v1`;

export async function snapchatCall(http: ConnectorHttp, call: { method?: HttpMethod; path: string; accessToken: string; json?: unknown }): Promise<Record<string, unknown>> {
  const res = await http.send({ method: call.method ?? "GET", url: `${SNAPCHAT_API}${call.path}`, json: call.json, headers: { Authorization: `Bearer ${call.accessToken}` } });
  if (res.status < 200 || res.status >= 300) throw snapchatError(res);
  return res.json && typeof res.json === "object" ? (res.json as Record<string, unknown>) : {};
}

/** The entities of a `{ plural: [{ singular: {...} }] }` answer. */
export function entities(body: Record<string, unknown>, plural: string, singular: string): Record<string, unknown>[] {
  const list = Array.isArray(body[plural]) ? (body[plural] as Record<string, unknown>[]) : [];
  return list.map((w) => w[singular]).filter((e): e is Record<string, unknown> => !!e && typeof e === "object");
}

export function str(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number") return String(value);
  return null;
}
