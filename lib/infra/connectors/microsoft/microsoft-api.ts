// One Microsoft Advertising Customer Management call over its REST endpoints (Bing Ads
// API v13: every operation is a POST of the operation's request object as JSON to
// https://clientcenter.api.bingads.microsoft.com/CustomerManagement/v13/<entity>/<verb>,
// for example GetUser -> /User/Query, GetAccountsInfo -> /AccountsInfo/Query,
// SendUserInvitation -> /UserInvitation/Send, SearchUserInvitations -> /UserInvitations/Search,
// as the official SDKs' REST clients call them, github.com/BingAds/BingAds-Java-SDK
// internal/restful/CustomerManagementService.java). The headers are those of every
// operation's "Request Header Elements" (e.g. SendUserInvitation,
// https://learn.microsoft.com/en-us/advertising/customer-management-service/senduserinvitation?view=bingads-13):
// `Authorization: Bearer <token>`, `DeveloperToken`, and, where the operation acts on a
// customer, `CustomerId` and `CustomerAccountId`.
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { microsoftError, microsoftRetryable } from "@/lib/infra/connectors/microsoft/microsoft-errors";

export const MICROSOFT_CM_HOST = "clientcenter.api.bingads.microsoft.com";
export const MICROSOFT_CM = `https://${MICROSOFT_CM_HOST}/CustomerManagement/v13`;

export type MicrosoftCall = {
  path: string;
  accessToken: string;
  developerToken: string;
  customerId?: string;
  customerAccountId?: string;
  json: unknown;
};

/** The JSON body of a 2xx answer; a MicrosoftApiError otherwise. */
export async function microsoftCall(http: ConnectorHttp, call: MicrosoftCall): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${call.accessToken}`,
    DeveloperToken: call.developerToken,
  };
  if (call.customerId) headers.CustomerId = call.customerId;
  if (call.customerAccountId) headers.CustomerAccountId = call.customerAccountId;
  const res = await http.send(
    { method: "POST", url: `${MICROSOFT_CM}${call.path}`, headers, json: call.json },
    { retryIf: microsoftRetryable },
  );
  if (res.status < 200 || res.status >= 300) throw microsoftError(res);
  return res.json && typeof res.json === "object" ? (res.json as Record<string, unknown>) : {};
}

export function str(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number") return String(value);
  return null;
}
