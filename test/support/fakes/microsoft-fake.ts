// Contract fake of the Microsoft endpoints the Microsoft Advertising connector calls,
// written from Microsoft's documentation (see lib/infra/connectors/microsoft/):
// login.microsoftonline.com's /common/oauth2/v2.0/authorize and /token (authorization code
// with PKCE S256), and clientcenter.api.bingads.microsoft.com's Customer Management v13
// REST operations /User/Query (GetUser), /AccountsInfo/Query (GetAccountsInfo),
// /UserInvitation/Send (SendUserInvitation) and /UserInvitations/Search
// (SearchUserInvitations). It refuses what Microsoft refuses: a wrong client id or secret,
// an unregistered or changed redirect_uri, a missing Ads scope, an unknown or reused code,
// a code_verifier that does not match the challenge (`invalid_grant`), a missing
// developer token (105 InvalidCredentials), a missing or unknown token, a missing
// CustomerId header, an unknown customer or account (106 UserIsNotAuthorized), an unknown
// RoleId, with the fault bodies of the Customer Management API
// (`{ TrackingId, Type, Errors|OperationErrors: [{ Code, ErrorCode, Message }] }`).
//
// Two users: the client (the sign-in) and the agency's user (`agencyToken()`, the agency's own
// sign-in). An invitation stays pending (listed by SearchUserInvitations) until the agency
// accepts it (`acceptInvitation(id)`): it then leaves the list and GetUser of the agency's
// user returns a CustomerRole for the client's customer with the invitation's role and
// accounts (CustomerRole,
// https://learn.microsoft.com/en-us/advertising/customer-management-service/customerrole?view=bingads-13).
// The agency's user can only read the customers it has a role in, and only a Super Admin or
// Standard role may search or send invitations.
//
// `signInAs = "agency"` makes the consent page sign the agency's user in (the dashboard's
// "Connect account"): the code exchange then answers the agency's tokens.
//
// Tokens keep Microsoft's time on a clock the test moves: an access token lives the 3600 s the
// token answer says, a refresh token 90 days from its issue; every refresh answers a new refresh
// token and the spent one keeps working until its own 90 days end; an expired or revoked refresh
// token answers 400 invalid_grant (Refresh tokens in the Microsoft identity platform, "Token
// lifetime" and "Token revocation", https://learn.microsoft.com/en-us/entra/identity-platform/refresh-tokens).
//
// Switches: `refuse` (account ids whose invitation is refused), `expiredToken` (109
// AuthenticationTokenExpired), `rateLimitOnce` (the next API call answers 117
// CallRateExceeded, the throttling fault), `rateLimitAlways` (every API call does), `outage`
// (every API call answers 503), `serverError` (invitations answer 500); `alreadyInvited` preloads a
// pending invitation.
import crypto from "node:crypto";
import { createFakeOAuth } from "@/test/support/fakes/fake-oauth";
import {
  startFakePlatform,
  type FakePlatform,
  type FakeRequest,
  type FakeResponse,
} from "@/test/support/fakes/fake-platform-server";

export const MICROSOFT_FAKE = {
  clientId: "00000000-aaaa-bbbb-cccc-111111111111",
  clientSecret: "microsoft-fake-secret-0123",
  developerToken: "FAKEDEVTOKEN0123",
  user: { id: "7000001", email: "ana@client.test", firstName: "Ana", lastName: "Client" },
  customers: [
    {
      id: "150000001",
      roleId: 41,
      accounts: [
        ["180000001", "Acme Search"],
        ["180000002", "Acme Shopping"],
      ],
    },
    { id: "150000002", roleId: 203, accounts: [["180000003", "Acme Brand"]] },
    { id: "150000009", roleId: 100, accounts: [["180000009", "Viewer Only"]] },
  ] as { id: string; roleId: number; accounts: [string, string][] }[],
  agencyEmail: "ads@agency.test",
  agencyUser: { id: "7000009", firstName: "Agency", lastName: "Ads" },
} as const;

const ROLE_IDS = [16, 33, 41, 100, 203];
const ADS_SCOPE = "https://ads.microsoft.com/msads.manage";

export type MicrosoftInvitation = {
  Id: number;
  FirstName: string;
  LastName: string;
  Email: string;
  CustomerId: number;
  RoleId: number;
  /** int64 values are JSON strings in the REST API */
  AccountIds: string[];
  ExpirationDate: string;
  Lcid: string;
};
export type MicrosoftFakeSwitches = {
  refuse: Set<string>;
  expiredToken: boolean;
  rateLimitOnce: boolean;
  serverError: boolean;
  rateLimitAlways: boolean;
  outage: boolean;
  /** who signs in on the consent page: the client (default) or the agency's user */
  signInAs: "client" | "agency";
};

export type MicrosoftFake = FakePlatform & {
  switches: MicrosoftFakeSwitches;
  invitations: MicrosoftInvitation[];
  alreadyInvited(accountId: string, roleId: number, opts?: { expired?: boolean }): void;
  /** a token of the agency's own sign-in */
  agencyToken(): string;
  /** a refresh token of the agency's own sign-in, as the code exchange returns it */
  agencyRefreshToken(): string;
  /** Microsoft's clock: access tokens expire on it; the test moves it */
  now(): number;
  advance(ms: number): void;
  /** the user or an admin revokes the app's sessions: every refresh token answers invalid_grant */
  revokeRefreshTokens(): void;
  /** refresh grants answered with new tokens */
  refreshCount(): number;
  /** the agency accepts the invitation: it leaves the pending list and becomes a CustomerRole of the agency's user; false when not pending */
  acceptInvitation(id: number): boolean;
  /** the agency's user's customer roles from accepted invitations */
  agencyRoles: { RoleId: number; CustomerId: number; AccountIds: string[] }[];
};

const fault = (
  status: number,
  code: number,
  errorCode: string,
  message: string,
  type: "AdApiFaultDetail" | "ApiFault" = "AdApiFaultDetail",
): FakeResponse => ({
  status,
  json: {
    TrackingId: crypto.randomUUID(),
    Type: type,
    [type === "ApiFault" ? "OperationErrors" : "Errors"]: [
      { Code: code, Detail: null, ErrorCode: errorCode, Message: message },
    ],
  },
});

export async function startMicrosoftFake(
  opts: { ports?: Record<string, number>; redirectUris?: string[]; consentPage?: boolean } = {},
): Promise<MicrosoftFake> {
  // codes carry the PKCE challenge
  const oauth = createFakeOAuth<{ challenge: string; agency: boolean }, object>({
    redirectUris: opts.redirectUris,
    consentPage: opts.consentPage ? "Microsoft" : undefined,
  });
  const invitations: MicrosoftInvitation[] = [];
  const agencyRoles: { RoleId: number; CustomerId: number; AccountIds: string[] }[] = [];
  const switches: MicrosoftFakeSwitches = {
    refuse: new Set(),
    expiredToken: false,
    rateLimitOnce: false,
    serverError: false,
    rateLimitAlways: false,
    outage: false,
    signInAs: "client",
  };
  let nextId = 900001;
  // Access tokens live 60-90 minutes (the fake uses the 3600 s it answers); each refresh answers a new
  // refresh token and the old one keeps working until it expires: Microsoft does not revoke it
  // (https://learn.microsoft.com/en-us/entra/identity-platform/refresh-tokens).
  const ACCESS_SECONDS = 3600;
  const REFRESH_SECONDS = 90 * 86400;
  let clockOffset = 0;
  let refreshes = 0;
  const now = () => Date.now() + clockOffset;
  const tokenExpiry = new Map<string, number>();
  const refreshTokens = new Map<string, { agency: boolean; revoked: boolean; expiresAt: number }>();
  const newRefreshToken = (agency: boolean) => {
    const r = `ms-refresh-${crypto.randomBytes(8).toString("hex")}`;
    refreshTokens.set(r, { agency, revoked: false, expiresAt: now() + REFRESH_SECONDS * 1000 });
    return r;
  };
  const customerOfAccount = (accountId: string) =>
    MICROSOFT_FAKE.customers.find((c) => c.accounts.some(([id]) => id === accountId));

  function authorize(req: FakeRequest): FakeResponse {
    const q = req.query;
    if (q.client_id !== MICROSOFT_FAKE.clientId)
      return { status: 400, text: "AADSTS700016: Application not found in the directory" };
    if (q.response_type !== "code")
      return {
        status: 400,
        text: "AADSTS900144: The request body must contain the following parameter: 'response_type'",
      };
    if (!oauth.redirectAllowed(q.redirect_uri))
      return {
        status: 400,
        text: "AADSTS50011: The redirect URI specified in the request does not match the redirect URIs configured for the application",
      };
    if (!(q.scope ?? "").split(" ").includes(ADS_SCOPE))
      return { status: 400, text: "AADSTS70011: The provided value for the input parameter 'scope' is not valid" };
    if (q.code_challenge_method !== "S256" || !/^[\w-]{43}$/.test(q.code_challenge ?? ""))
      return { status: 400, text: "AADSTS501491: Invalid size of Code_Challenge parameter" };
    return oauth.sendBack(q.redirect_uri, q.state, {
      challenge: q.code_challenge!,
      agency: switches.signInAs === "agency",
    });
  }

  function token(req: FakeRequest): FakeResponse {
    const b = (req.body ?? {}) as Record<string, string>;
    // "Refresh the access token": grant_type=refresh_token with client_id, client_secret, scope and
    // refresh_token; the answer carries a new refresh token; an expired or revoked one answers 400
    // invalid_grant (https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow#refresh-the-access-token)
    if (b.grant_type === "refresh_token") {
      if (b.client_id !== MICROSOFT_FAKE.clientId || b.client_secret !== MICROSOFT_FAKE.clientSecret)
        return {
          status: 401,
          json: { error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided." },
        };
      if (!(b.scope ?? "").split(" ").includes(ADS_SCOPE))
        return { status: 400, json: { error: "invalid_scope", error_description: "AADSTS70011" } };
      const grant = refreshTokens.get(b.refresh_token ?? "");
      if (!grant || grant.revoked || grant.expiresAt <= now())
        return {
          status: 400,
          json: {
            error: "invalid_grant",
            error_description:
              "AADSTS70008: The provided authorization code or refresh token has expired or is invalid.",
          },
        };
      refreshes++;
      const t = oauth.exchange({ redirectUri: "", used: false, grant: { challenge: "", agency: false } }, "ms-token-", {
        agency: grant.agency,
      });
      tokenExpiry.set(t, now() + ACCESS_SECONDS * 1000);
      return {
        status: 200,
        json: {
          token_type: "Bearer",
          scope: ADS_SCOPE,
          expires_in: ACCESS_SECONDS,
          access_token: t,
          refresh_token: newRefreshToken(grant.agency),
        },
      };
    }
    if (b.grant_type !== "authorization_code")
      return { status: 400, json: { error: "unsupported_grant_type", error_description: "AADSTS70003" } };
    if (b.client_id !== MICROSOFT_FAKE.clientId || b.client_secret !== MICROSOFT_FAKE.clientSecret)
      return {
        status: 401,
        json: { error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided." },
      };
    const issued = oauth.pending(b.code, b.redirect_uri ?? "");
    if (!issued)
      return {
        status: 400,
        json: {
          error: "invalid_grant",
          error_description: "AADSTS70008: The provided authorization code or refresh token has expired or is invalid.",
        },
      };
    const challenge = crypto
      .createHash("sha256")
      .update(b.code_verifier ?? "")
      .digest("base64url");
    if (challenge !== issued.grant.challenge)
      return {
        status: 400,
        json: {
          error: "invalid_grant",
          error_description:
            "AADSTS501481: The Code_Verifier does not match the code_challenge supplied in the authorization request.",
        },
      };
    const agency = issued.grant.agency;
    const t = oauth.exchange(issued, agency ? "ms-agency-" : "ms-token-", agency ? { agency: true } : {});
    tokenExpiry.set(t, now() + ACCESS_SECONDS * 1000);
    return {
      status: 200,
      json: {
        token_type: "Bearer",
        scope: ADS_SCOPE,
        expires_in: ACCESS_SECONDS,
        access_token: t,
        refresh_token: newRefreshToken(agency),
      },
    };
  }

  function api(req: FakeRequest): FakeResponse {
    if (req.method !== "POST") return { status: 405, text: "Method not allowed" };
    if (req.headers.developertoken !== MICROSOFT_FAKE.developerToken)
      return fault(
        401,
        105,
        "InvalidCredentials",
        "Authentication failed. Either supplied credentials are invalid or the account is inactive.",
      );
    const auth = req.headers.authorization ?? "";
    const t = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    const expiry = tokenExpiry.get(t);
    if ((switches.expiredToken || (expiry !== undefined && expiry <= now())) && oauth.tokenGrant(t))
      return fault(401, 109, "AuthenticationTokenExpired", "The OAuth access token has expired.");
    if (!oauth.tokenGrant(t))
      return fault(
        401,
        105,
        "InvalidCredentials",
        "Authentication failed. Either supplied credentials are invalid or the account is inactive.",
      );
    if (switches.outage) return { status: 503, text: "Service Unavailable", headers: { "retry-after": "0" } };
    if (switches.rateLimitOnce || switches.rateLimitAlways) {
      switches.rateLimitOnce = false;
      return fault(
        429,
        117,
        "CallRateExceeded",
        "You have exceeded the number of calls that you are allowed to make in a minute. Please reduce the number of calls.",
        "ApiFault",
      );
    }
    const path = req.path.replace(/^\/CustomerManagement\/v13/, "");
    const body = (req.body ?? {}) as Record<string, unknown>;
    const headerCustomer = req.headers.customerid;
    const isAgency = (oauth.tokenGrant(t) as { agency?: boolean } | undefined)?.agency === true;
    // the customers the caller has a role in (the agency's: from accepted invitations, with their accounts)
    const customers = isAgency
      ? agencyRoles.map((r) => {
          const c = MICROSOFT_FAKE.customers.find((x) => x.id === String(r.CustomerId))!;
          return { id: c.id, roleId: r.RoleId, accounts: c.accounts.filter(([id]) => r.AccountIds.includes(id)) };
        })
      : MICROSOFT_FAKE.customers;
    const mine = (customerId: string) => customers.find((c) => c.id === customerId);

    if (path === "/User/Query" && isAgency) {
      const a = MICROSOFT_FAKE.agencyUser;
      if (body.UserId !== null && body.UserId !== undefined && String(body.UserId) !== a.id)
        return fault(400, 1030, "UserNotFound", "The user was not found.", "ApiFault");
      return {
        status: 200,
        json: {
          User: {
            Id: Number(a.id),
            UserName: MICROSOFT_FAKE.agencyEmail,
            ContactInfo: { Email: MICROSOFT_FAKE.agencyEmail },
            Name: { FirstName: a.firstName, LastName: a.lastName },
            CustomerId: null,
          },
          CustomerRoles: agencyRoles.map((r) => ({
            RoleId: r.RoleId,
            CustomerId: r.CustomerId,
            AccountIds: r.AccountIds.map(Number),
            LinkedAccountIds: null,
            CustomerLinkPermission: null,
          })),
        },
      };
    }
    if (path === "/User/Query") {
      if (body.UserId !== null && body.UserId !== undefined && String(body.UserId) !== MICROSOFT_FAKE.user.id)
        return fault(400, 1030, "UserNotFound", "The user was not found.", "ApiFault");
      const u = MICROSOFT_FAKE.user;
      return {
        status: 200,
        json: {
          User: {
            Id: Number(u.id),
            UserName: u.email,
            ContactInfo: { Email: u.email },
            Name: { FirstName: u.firstName, LastName: u.lastName },
            CustomerId: Number(MICROSOFT_FAKE.customers[0]!.id),
          },
          CustomerRoles: MICROSOFT_FAKE.customers.map((c) => ({
            RoleId: c.roleId,
            CustomerId: Number(c.id),
            AccountIds: null,
            LinkedAccountIds: null,
            CustomerLinkPermission: null,
          })),
        },
      };
    }
    if (path === "/AccountsInfo/Query") {
      const c = mine(String(body.CustomerId ?? ""));
      if (!c)
        return fault(
          400,
          106,
          "UserIsNotAuthorized",
          "The user does not represent a authorized developer.",
          "ApiFault",
        );
      return {
        status: 200,
        json: {
          AccountsInfo: c.accounts.map(([id, name]) => ({
            Id: Number(id),
            Name: name,
            Number: `F1${id.slice(-6)}`,
            AccountLifeCycleStatus: "Active",
            PauseReason: null,
          })),
        },
      };
    }
    if (path === "/UserInvitations/Search") {
      const preds = (Array.isArray(body.Predicates) ? body.Predicates : []) as Record<string, unknown>[];
      const byCustomer = preds.find((p) => p.Field === "CustomerId" && p.Operator === "Equals");
      if (!byCustomer) return fault(400, 1001, "InvalidPredicate", "A CustomerId predicate is required.", "ApiFault");
      const c = mine(String(byCustomer.Value));
      // only a Super Admin or Standard user manages the customer's users
      if (!c || (c.roleId !== 41 && c.roleId !== 203))
        return fault(
          400,
          106,
          "UserIsNotAuthorized",
          "You do not have permission to view user invitations of this customer.",
          "ApiFault",
        );
      return { status: 200, json: { UserInvitations: invitations.filter((i) => String(i.CustomerId) === c.id) } };
    }
    if (path === "/UserInvitation/Send") {
      const inv = (body.UserInvitation ?? {}) as Record<string, unknown>;
      if (!headerCustomer)
        return fault(400, 1000, "CustomerIdHeaderMissing", "The CustomerId header is required.", "ApiFault");
      const c = mine(String(inv.CustomerId ?? ""));
      if (!c || c.id !== headerCustomer)
        return fault(
          400,
          106,
          "UserIsNotAuthorized",
          "You are not authorized to invite users to this customer.",
          "ApiFault",
        );
      if (c.roleId !== 41 && c.roleId !== 203)
        return fault(
          400,
          106,
          "UserIsNotAuthorized",
          "Only a Super Admin or Standard user can send user invitations.",
          "ApiFault",
        );
      if (typeof inv.RoleId !== "number" || !ROLE_IDS.includes(inv.RoleId))
        return fault(400, 1041, "InvalidRoleId", `The RoleId ${String(inv.RoleId)} is invalid.`, "ApiFault");
      if (c.roleId === 203 && inv.RoleId === 41)
        return fault(400, 106, "UserIsNotAuthorized", "A Standard user cannot invite a Super Admin.", "ApiFault");
      for (const f of ["FirstName", "LastName", "Email", "Lcid"])
        if (typeof inv[f] !== "string" || inv[f] === "")
          return fault(400, 1002, "NullParameter", `UserInvitation.${f} is required.`, "ApiFault");
      const accountIds = (Array.isArray(inv.AccountIds) ? inv.AccountIds : []).map((a) => String(a));
      if (accountIds.some((a) => customerOfAccount(a)?.id !== c.id))
        return fault(400, 1102, "InvalidAccountId", "An account id is not an account of this customer.", "ApiFault");
      if (switches.serverError)
        return {
          status: 500,
          json: {
            TrackingId: crypto.randomUUID(),
            Type: "ApiFault",
            OperationErrors: [{ Code: 0, ErrorCode: "InternalError", Message: "An internal error has occurred." }],
          },
        };
      const refused = accountIds.find((a) => switches.refuse.has(a));
      if (refused)
        return fault(400, 106, "UserIsNotAuthorized", `You cannot manage users of account ${refused}.`, "ApiFault");
      const Id = nextId++;
      invitations.push({
        Id,
        FirstName: inv.FirstName as string,
        LastName: inv.LastName as string,
        Email: inv.Email as string,
        CustomerId: Number(c.id),
        RoleId: inv.RoleId,
        AccountIds: accountIds,
        ExpirationDate: new Date(Date.now() + 30 * 86400_000).toISOString(),
        Lcid: inv.Lcid as string,
      });
      return { status: 200, json: { UserInvitationId: Id } };
    }
    return { status: 404, text: `No operation ${req.method} ${req.path}` };
  }

  const platform = await startFakePlatform({
    hosts: ["login.microsoftonline.com", "clientcenter.api.bingads.microsoft.com"],
    ports: opts.ports,
    handler: (req) => {
      if (req.host === "login.microsoftonline.com") {
        if (req.method === "GET" && req.path === "/common/oauth2/v2.0/authorize") return authorize(req);
        if (req.method === "POST" && req.path === "/common/oauth2/v2.0/token") return token(req);
        return { status: 404, text: "not found" };
      }
      return api(req);
    },
    onReset: () => {
      invitations.length = 0;
      agencyRoles.length = 0;
      switches.refuse.clear();
      switches.expiredToken = false;
      switches.rateLimitOnce = false;
      switches.serverError = false;
      switches.rateLimitAlways = false;
      switches.outage = false;
      switches.signInAs = "client";
      clockOffset = 0;
      refreshes = 0;
      tokenExpiry.clear();
      refreshTokens.clear();
    },
  });

  return {
    ...platform,
    switches,
    invitations,
    agencyRoles,
    agencyToken() {
      const t = oauth.exchange(
        { redirectUri: "", used: false, grant: { challenge: "", agency: false } },
        "ms-agency-",
        {
          agency: true,
        },
      );
      tokenExpiry.set(t, now() + ACCESS_SECONDS * 1000);
      return t;
    },
    agencyRefreshToken: () => newRefreshToken(true),
    now,
    advance(ms) {
      clockOffset += ms;
    },
    revokeRefreshTokens() {
      for (const g of refreshTokens.values()) g.revoked = true;
    },
    refreshCount: () => refreshes,
    acceptInvitation(id) {
      const i = invitations.findIndex((x) => x.Id === id);
      if (i < 0) return false;
      const [inv] = invitations.splice(i, 1);
      agencyRoles.push({ RoleId: inv!.RoleId, CustomerId: inv!.CustomerId, AccountIds: [...inv!.AccountIds] });
      return true;
    },
    alreadyInvited(accountId, roleId, o = {}) {
      const c = customerOfAccount(accountId)!;
      invitations.push({
        Id: nextId++,
        FirstName: "ads",
        LastName: "agency.test",
        Email: MICROSOFT_FAKE.agencyEmail,
        CustomerId: Number(c.id),
        RoleId: roleId,
        AccountIds: [accountId],
        ExpirationDate: new Date(Date.now() + (o.expired ? -1 : 30) * 86400_000).toISOString(),
        Lcid: "EnglishUS",
      });
    },
  };
}
