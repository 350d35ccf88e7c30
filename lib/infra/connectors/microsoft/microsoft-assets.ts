// What a signed-in Microsoft Advertising user can share, and who they are:
// - GetUser with a null UserId returns the authenticated user and their `CustomerRoles`
//   (RoleId, CustomerId, AccountIds) (GetUser, POST /User/Query,
//   https://learn.microsoft.com/en-us/advertising/customer-management-service/getuser?view=bingads-13);
// - GetAccountsInfo lists each customer's accounts (`AccountsInfo`: Id, Name, Number,
//   AccountLifeCycleStatus) (GetAccountsInfo, POST /AccountsInfo/Query,
//   https://learn.microsoft.com/en-us/advertising/customer-management-service/getaccountsinfo?view=bingads-13).
// Only customers where the user is Super Admin (41) or Standard (203) are listed: only
// those roles may send user invitations (SendUserInvitation, same docs).
import type { Asset } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { microsoftCall, str } from "@/lib/infra/connectors/microsoft/microsoft-api";

export const INVITING_ROLE_IDS = new Set([41, 203]);

export type MicrosoftUser = { id: string; email: string | null; name: string | null; customerIds: string[] };
export type MicrosoftAccount = Asset & { customerId: string };

export async function currentUser(
  http: ConnectorHttp,
  accessToken: string,
  developerToken: string,
): Promise<MicrosoftUser> {
  const body = await microsoftCall(http, { path: "/User/Query", accessToken, developerToken, json: { UserId: null } });
  const user = (body.User ?? {}) as Record<string, unknown>;
  const id = str(user.Id);
  if (!id) throw new Error("Microsoft GetUser answered no user");
  const contact = (user.ContactInfo ?? {}) as Record<string, unknown>;
  const name = (user.Name ?? {}) as Record<string, unknown>;
  const fullName = [str(name.FirstName), str(name.LastName)].filter(Boolean).join(" ");
  const roles = (Array.isArray(body.CustomerRoles) ? body.CustomerRoles : []) as Record<string, unknown>[];
  const customerIds = [
    ...new Set(
      roles
        .filter((r) => typeof r.RoleId === "number" && INVITING_ROLE_IDS.has(r.RoleId))
        .map((r) => str(r.CustomerId)),
    ),
  ].filter((id): id is string => id !== null);
  return { id, email: str(contact.Email) ?? str(user.UserName), name: fullName || null, customerIds };
}

export async function listAccounts(
  http: ConnectorHttp,
  accessToken: string,
  developerToken: string,
): Promise<MicrosoftAccount[]> {
  const user = await currentUser(http, accessToken, developerToken);
  const out: MicrosoftAccount[] = [];
  for (const customerId of user.customerIds) {
    const body = await microsoftCall(http, {
      path: "/AccountsInfo/Query",
      accessToken,
      developerToken,
      customerId,
      // int64 values are JSON strings in the REST API (GetAccountsInfoRequest in Microsoft's REST SDK).
      json: { CustomerId: customerId, OnlyParentAccounts: false },
    });
    for (const info of (Array.isArray(body.AccountsInfo) ? body.AccountsInfo : []) as Record<string, unknown>[]) {
      const id = str(info.Id);
      if (id && !out.some((a) => a.id === id)) out.push({ id, name: str(info.Name), customerId });
    }
  }
  return out;
}
