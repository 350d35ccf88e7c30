// Granting on Microsoft Advertising: one SendUserInvitation per account, to the agency
// account's email with the mapped role id, limited to that account (SendUserInvitation,
// POST /UserInvitation/Send with `{ UserInvitation: { FirstName, LastName, Email,
// CustomerId, RoleId, AccountIds, Lcid } }`, headers CustomerId and CustomerAccountId;
// https://learn.microsoft.com/en-us/advertising/customer-management-service/senduserinvitation?view=bingads-13,
// data object https://learn.microsoft.com/en-us/advertising/customer-management-service/userinvitation?view=bingads-13).
// One invitation per account keeps a refusal on one account from failing the others.
// The account's customer comes from the same listing the client picked from (GetUser +
// GetAccountsInfo); an account outside it is refused without a call.
// Already granted and read-back: SearchUserInvitations (POST /UserInvitations/Search with
// a `CustomerId Equals` predicate; returns pending invitations, expired or not;
// https://learn.microsoft.com/en-us/advertising/customer-management-service/searchuserinvitations?view=bingads-13):
// an unexpired pending invitation to the same email covering the account with a role that
// includes the asked one (MICROSOFT_ROLE_ORDER) counts as granted without a new email. Accepted invitations are not listed and
// the accepting user may sign in with another address (same docs), so an accepted grant
// cannot be read back by email: the invitation id is what is verified.
import {
  ConnectorError,
  type AgencyAccountRef,
  type AssetGrantResult,
  type VerifiedAccess,
} from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { microsoftCall, str } from "@/lib/infra/connectors/microsoft/microsoft-api";
import { listAccounts, type MicrosoftAccount } from "@/lib/infra/connectors/microsoft/microsoft-assets";
import { attemptError, MicrosoftApiError } from "@/lib/infra/connectors/microsoft/microsoft-errors";
import { MICROSOFT_ROLE_ORDER, microsoftRoleId } from "@/lib/infra/connectors/microsoft/microsoft-roles";
import { roleIncludes } from "@/lib/infra/connectors/role-order";

type GrantInput = { accessToken: string; assetIds: string[]; role: string | null; agencyAccount: AgencyAccountRef };
type Invitation = { id: string; email: string; roleId: number; accountIds: string[]; expiresAt: number | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function agencyEmail(agency: AgencyAccountRef): string {
  const email = agency.email?.trim();
  if (!email || !EMAIL.test(email)) {
    throw new ConnectorError(
      "platform_error",
      "The agency has not connected its Microsoft Advertising user email yet, so access cannot be shared with it.",
    );
  }
  return email;
}

async function pendingInvitations(
  http: ConnectorHttp,
  accessToken: string,
  developerToken: string,
  customerId: string,
): Promise<Invitation[]> {
  const body = await microsoftCall(http, {
    path: "/UserInvitations/Search",
    accessToken,
    developerToken,
    customerId,
    json: { Predicates: [{ Field: "CustomerId", Operator: "Equals", Value: customerId }] },
  });
  return ((Array.isArray(body.UserInvitations) ? body.UserInvitations : []) as Record<string, unknown>[]).map((inv) => {
    const expires = str(inv.ExpirationDate);
    return {
      id: str(inv.Id) ?? "",
      email: (str(inv.Email) ?? "").toLowerCase(),
      roleId: typeof inv.RoleId === "number" ? inv.RoleId : -1,
      accountIds: (Array.isArray(inv.AccountIds) ? inv.AccountIds : []).map((a) => String(a)),
      expiresAt: expires ? Date.parse(expires) : null,
    };
  });
}

/** A pending, unexpired invitation to the email covering the account with a role that includes the asked one. */
function covers(inv: Invitation, email: string, roleId: number, accountId: string, now: number): boolean {
  return (
    inv.email === email.toLowerCase() &&
    roleIncludes(MICROSOFT_ROLE_ORDER, String(inv.roleId), String(roleId)) &&
    inv.accountIds.includes(accountId) &&
    (inv.expiresAt === null || inv.expiresAt > now)
  );
}

function assetFailure(assetId: string, err: unknown): AssetGrantResult {
  if (err instanceof MicrosoftApiError) {
    const whole = attemptError(err);
    if (whole) throw whole;
    if (err.status >= 500)
      return {
        assetId,
        ok: false,
        error: `Microsoft Advertising answered ${err.status}: ${err.message}`,
        errorKind: "platform_unavailable",
      };
    return {
      assetId,
      ok: false,
      error: `Microsoft Advertising refused access to ${assetId}: ${err.message}`,
      errorKind: "platform_error",
    };
  }
  if (err instanceof ConnectorError && err.kind !== "server_error") throw err;
  return {
    assetId,
    ok: false,
    error: `Microsoft Advertising call failed for ${assetId}: ${(err as Error)?.message ?? String(err)}`,
    errorKind: "server_error",
  };
}

export async function grantMicrosoft(
  http: ConnectorHttp,
  developerToken: string,
  input: GrantInput,
  now = Date.now(),
): Promise<AssetGrantResult[]> {
  const roleId = microsoftRoleId(input.role);
  const email = agencyEmail(input.agencyAccount);
  const accounts = new Map<string, MicrosoftAccount>(
    (await listAccounts(http, input.accessToken, developerToken)).map((a) => [a.id, a]),
  );
  const pending = new Map<string, Invitation[]>();
  const pendingOf = async (customerId: string) => {
    let list = pending.get(customerId);
    if (!list)
      pending.set(customerId, (list = await pendingInvitations(http, input.accessToken, developerToken, customerId)));
    return list;
  };
  const [local = "agency", domain = "agency"] = email.split("@");
  const results: AssetGrantResult[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    const account = accounts.get(assetId);
    if (!account) {
      results.push({
        assetId,
        ok: false,
        error: `${assetId} is not a Microsoft Advertising account you can share.`,
        errorKind: "platform_error",
      });
      continue;
    }
    try {
      if ((await pendingOf(account.customerId)).some((inv) => covers(inv, email, roleId, assetId, now))) {
        results.push({ assetId, ok: true, error: null, alreadyGranted: true, verified: true });
        continue;
      }
      const sent = await microsoftCall(http, {
        path: "/UserInvitation/Send",
        accessToken: input.accessToken,
        developerToken,
        customerId: account.customerId,
        customerAccountId: assetId,
        json: {
          UserInvitation: {
            FirstName: local.slice(0, 40),
            LastName: domain.slice(0, 40),
            Email: email,
            // int64 values are JSON strings in the REST API (UserInvitation in Microsoft's REST SDK).
            CustomerId: account.customerId,
            RoleId: roleId,
            AccountIds: [assetId],
            Lcid: "EnglishUS",
          },
        },
      });
      const invitationId = str(sent.UserInvitationId);
      let verified: boolean | null = null;
      try {
        pending.delete(account.customerId);
        verified =
          invitationId !== null && (await pendingOf(account.customerId)).some((inv) => inv.id === invitationId);
      } catch (err) {
        if (err instanceof MicrosoftApiError && attemptError(err)) throw attemptError(err)!;
      }
      results.push({ assetId, ok: true, error: null, verified });
    } catch (err) {
      results.push(assetFailure(assetId, err));
    }
  }
  return results;
}

export async function verifyMicrosoft(
  http: ConnectorHttp,
  developerToken: string,
  input: { accessToken: string; assetIds: string[]; agencyAccount: AgencyAccountRef },
  now = Date.now(),
): Promise<VerifiedAccess[]> {
  const email = agencyEmail(input.agencyAccount).toLowerCase();
  const accounts = new Map((await listAccounts(http, input.accessToken, developerToken)).map((a) => [a.id, a]));
  const out: VerifiedAccess[] = [];
  for (const assetId of input.assetIds) {
    const account = accounts.get(assetId);
    const invitations = account
      ? await pendingInvitations(http, input.accessToken, developerToken, account.customerId)
      : [];
    const found = invitations.find(
      (inv) =>
        inv.email === email && inv.accountIds.includes(assetId) && (inv.expiresAt === null || inv.expiresAt > now),
    );
    out.push({ assetId, present: !!found, detail: found ? `invitation ${found.id} (role ${found.roleId})` : null });
  }
  return out;
}
