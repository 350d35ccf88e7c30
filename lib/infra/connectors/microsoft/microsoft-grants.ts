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
// Each sent invitation is the grant's `invitation` (pending, sent to the agency's email,
// accepted by signing in to Microsoft Advertising from the invitation email; ref
// "customerId/accountId/invitationId"). The access check reads acceptance with the agency's own
// token (verifyMicrosoft): GetUser of the agency's user lists a CustomerRole for the client's
// customer and account once it accepted; until then SearchUserInvitations still lists the
// invitation when the token may read it.
import {
  ConnectorError,
  type AgencyAccountRef,
  type AssetGrantResult,
  type GrantInvitation,
  type VerifiedAccess,
} from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { microsoftCall, str } from "@/lib/infra/connectors/microsoft/microsoft-api";
import { listAccounts, type MicrosoftAccount } from "@/lib/infra/connectors/microsoft/microsoft-assets";
import { MicrosoftApiError } from "@/lib/infra/connectors/microsoft/microsoft-errors";
import { MICROSOFT_ROLE_ORDER, microsoftRoleId } from "@/lib/infra/connectors/microsoft/microsoft-roles";
import { roleIncludes } from "@/lib/infra/connectors/role-order";
import { assetFailure, attemptError } from "@/lib/infra/connectors/platform-errors";

type GrantInput = { accessToken: string; assetIds: string[]; role: string | null; agencyAccount: AgencyAccountRef };
type Invitation = { id: string; email: string; roleId: number; accountIds: string[]; expiresAt: number | null };

/**
 * Where the invited agency accepts: the invitation email's link signs in to Microsoft
 * Advertising (SendUserInvitation: "the recipient ... can accept the invitation and sign in",
 * https://learn.microsoft.com/en-us/advertising/customer-management-service/senduserinvitation?view=bingads-13).
 */
export const MICROSOFT_ACCEPT_URL = "https://ui.ads.microsoft.com/";

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

function invitationOf(
  email: string,
  customerId: string,
  accountId: string,
  invitationId: string | null,
): GrantInvitation {
  return {
    sentTo: email,
    acceptUrl: MICROSOFT_ACCEPT_URL,
    status: "pending",
    ref: invitationId ? `${customerId}/${accountId}/${invitationId}` : null,
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
      const held = (await pendingOf(account.customerId)).find((inv) => covers(inv, email, roleId, assetId, now));
      if (held) {
        results.push({
          assetId,
          ok: true,
          error: null,
          alreadyGranted: true,
          verified: true,
          invitation: invitationOf(email, account.customerId, assetId, held.id),
        });
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
      results.push({
        assetId,
        ok: true,
        error: null,
        verified,
        invitation: invitationOf(email, account.customerId, assetId, invitationId),
      });
    } catch (err) {
      results.push(assetFailure("Microsoft Advertising", assetId, err));
    }
  }
  return results;
}

/**
 * The accounts the token's own user holds a role on: GetUser (UserId null) returns the user's
 * `CustomerRoles`, one per customer it was invited to and accepted (CustomerRole,
 * https://learn.microsoft.com/en-us/advertising/customer-management-service/customerrole?view=bingads-13);
 * a role without `AccountIds` covers the customer's accounts, listed with GetAccountsInfo
 * (https://learn.microsoft.com/en-us/advertising/customer-management-service/getaccountsinfo?view=bingads-13).
 */
async function heldAccounts(http: ConnectorHttp, accessToken: string, developerToken: string): Promise<Set<string>> {
  const body = await microsoftCall(http, { path: "/User/Query", accessToken, developerToken, json: { UserId: null } });
  const held = new Set<string>();
  for (const role of (Array.isArray(body.CustomerRoles) ? body.CustomerRoles : []) as Record<string, unknown>[]) {
    const customerId = str(role.CustomerId);
    if (Array.isArray(role.AccountIds)) for (const a of role.AccountIds) held.add(String(a));
    else if (customerId) {
      const info = await microsoftCall(http, {
        path: "/AccountsInfo/Query",
        accessToken,
        developerToken,
        customerId,
        json: { CustomerId: customerId, OnlyParentAccounts: false },
      }).catch((err: unknown): Record<string, unknown> => {
        if (err instanceof MicrosoftApiError && attemptError(err)) throw attemptError(err)!;
        return {};
      });
      for (const a of (Array.isArray(info.AccountsInfo) ? info.AccountsInfo : []) as Record<string, unknown>[]) {
        const id = str(a.Id);
        if (id) held.add(id);
      }
    }
  }
  return held;
}

/**
 * Read with the agency's own token (access checks). An account the agency's user holds a role
 * on (GetUser's CustomerRoles) is present, its invitation accepted. Otherwise a pending
 * invitation is looked up with SearchUserInvitations (POST /UserInvitations/Search, a
 * `CustomerId Equals` predicate,
 * https://learn.microsoft.com/en-us/advertising/customer-management-service/searchuserinvitations?view=bingads-13):
 * for an invitation the grant recorded (`invitationRefs`, "customerId/accountId/invitationId")
 * its id still listed and unexpired is pending; Microsoft lets only the customer's Super Admin
 * or Standard users search its invitations, so when the agency's token may not, the
 * invitation is read as still pending (not accepted: the agency's user has no role yet).
 */
export async function verifyMicrosoft(
  http: ConnectorHttp,
  developerToken: string,
  input: { accessToken: string; assetIds: string[]; agencyAccount: AgencyAccountRef; invitationRefs?: string[] },
  now = Date.now(),
): Promise<VerifiedAccess[]> {
  const email = agencyEmail(input.agencyAccount).toLowerCase();
  const refs = new Map<string, { customerId: string; invitationId: string }>();
  for (const ref of input.invitationRefs ?? []) {
    const [customerId, accountId, invitationId] = ref.split("/");
    if (customerId && accountId && invitationId) refs.set(accountId, { customerId, invitationId });
  }
  const held = await heldAccounts(http, input.accessToken, developerToken);
  const searched = new Map<string, Invitation[] | null>();
  const searchOf = async (customerId: string) => {
    if (!searched.has(customerId))
      searched.set(
        customerId,
        await pendingInvitations(http, input.accessToken, developerToken, customerId).catch((err: unknown) => {
          if (err instanceof MicrosoftApiError && attemptError(err)) throw attemptError(err)!;
          if (err instanceof MicrosoftApiError) return null;
          throw err;
        }),
      );
    return searched.get(customerId) ?? null;
  };
  let accounts: Map<string, MicrosoftAccount> | null = null;
  const out: VerifiedAccess[] = [];
  for (const assetId of input.assetIds) {
    const ref = refs.get(assetId);
    if (held.has(assetId)) {
      out.push({ assetId, present: true, detail: null, ...(ref ? { invitation: "accepted" as const } : {}) });
      continue;
    }
    if (ref) {
      const list = await searchOf(ref.customerId);
      const inv = list?.find((i) => i.id === ref.invitationId);
      if (list === null || (inv && (inv.expiresAt === null || inv.expiresAt > now))) {
        out.push({
          assetId,
          present: false,
          detail:
            list === null
              ? "Microsoft Advertising invitation not accepted yet"
              : `invitation ${ref.invitationId} not accepted yet`,
          invitation: "pending",
        });
      } else {
        out.push({
          assetId,
          present: false,
          detail: inv ? `invitation ${ref.invitationId} expired` : `invitation ${ref.invitationId} no longer pending`,
        });
      }
      continue;
    }
    // no recorded invitation: an unexpired pending invitation to the agency's email on the account
    accounts ??= new Map((await listAccounts(http, input.accessToken, developerToken)).map((a) => [a.id, a]));
    const account = accounts.get(assetId);
    const invitations = account ? ((await searchOf(account.customerId)) ?? []) : [];
    const found = invitations.find(
      (inv) =>
        inv.email === email && inv.accountIds.includes(assetId) && (inv.expiresAt === null || inv.expiresAt > now),
    );
    out.push({ assetId, present: !!found, detail: found ? `invitation ${found.id} (role ${found.roleId})` : null });
  }
  return out;
}
