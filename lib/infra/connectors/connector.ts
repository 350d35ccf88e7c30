// The contract between the client pages and a platform: sign-in, listing the
// client's assets and granting the agency access to them, plus the one error
// type connectors throw.
//
// Adding a real platform is one folder plus env config:
//   1. write `lib/infra/connectors/<platform>/<platform>-connector.ts` exporting a
//      factory that takes its credentials and the shared HTTP client
//      (`http/connector-http.ts`, which applies PLATFORM_HOST_OVERRIDES, timeouts,
//      retries and log redaction) and returns a `PlatformConnector`;
//   2. add one entry to `registry.ts` saying when it is configured and how to make it.
// The callers (OAuth start/callback routes, the grant step) only ever see this
// interface, so nothing else changes. Connectors never see the request row or
// the database: state signing, nonce storage, events and status changes stay
// with the caller.

/**
 * Why the signed-in client may not share an asset the platform lists (their role on it, or
 * on what holds it, is below what sharing needs): the picker shows it disabled with the
 * reason in the client's language, and a grant of it is refused.
 */
export type AssetRestriction = "needs_bc_admin" | "needs_account_admin" | "needs_page_admin" | "needs_org_admin";

export type Asset = {
  /** The asset's id on the platform (reported as `grantedAssets[].id`). */
  id: string;
  name: string | null;
  /** Set when the client cannot share it (see AssetRestriction); absent means shareable. */
  notGrantable?: AssetRestriction;
};

/**
 * Why a single asset failed. A `server_error` text may carry internals, so the
 * caller shows and records a generic message in its place; a `platform_error`
 * text is what the platform said and is safe to show the client; a
 * `platform_unavailable` asset met the platform's outage (5xx) or limit for the whole
 * attempt's budget, and the client is told to try again in a few minutes.
 */
export type GrantErrorKind = "platform_error" | "server_error" | "platform_unavailable";

export type AssetGrantResult = {
  assetId: string;
  ok: boolean;
  error: string | null;
  /** Set when `ok` is false; absent means `platform_error`. */
  errorKind?: GrantErrorKind;
  /** The platform answered that the agency already had this access: counted as granted. */
  alreadyGranted?: boolean;
  /**
   * The grant read back right after it was made, where the platform documents a read:
   * true confirmed, false not found on read-back, null or absent when there is no read.
   */
  verified?: boolean | null;
  /**
   * Set when the grant is an invitation the agency must accept on the platform (a Google Ads
   * user invitation, a Merchant Center user, a Business Profile admin, a Pinterest partner
   * invite, a Snapchat organization Member, a TikTok Business Center member, a Microsoft
   * Advertising user invitation): where it went, where
   * it is accepted, and whether the read-back already found it accepted.
   */
  invitation?: GrantInvitation;
};

export type GrantInvitation = {
  /** the address (or account) the invitation went to */
  sentTo: string | null;
  /** the platform's page where the invitation is accepted */
  acceptUrl: string | null;
  status: InvitationStatus;
  /**
   * The platform's reference of the invitation, where the read needs one (Pinterest's invite id, the Snapchat
   * organization id, Microsoft's "customerId/accountId/invitationId"): kept to read and accept it.
   */
  ref?: string | null;
};

/** An invitation the agency must accept: still waiting, or accepted. */
export type InvitationStatus = "pending" | "accepted";

/** One entry per requested asset: an attempt can partly succeed. */
export type GrantResult = {
  results: AssetGrantResult[];
};

/** The agency account that receives access (from the request's `accounts`). */
export type AgencyAccountRef = {
  internalAccountId: string;
  /** The agency's id on the platform (ad account user, member URN, business center id...). */
  platformAccountId: string | null;
  email: string | null;
  /** The agency's business (Meta Business Manager id, TikTok Business Center id...). */
  businessId: string | null;
  /**
   * The agency's own platform token, where the grantee side must act (a Google Ads
   * manager link is sent by the manager). Opened by the caller; never logged.
   */
  agencyAccessToken?: string | null;
  /** Extra fields of the request's account link (for example `adsMccAccountId`). */
  linkFields?: Readonly<Record<string, string>>;
};

export type BeginSignInInput = {
  /** Signed state from `oauth-state.ts`; must come back unchanged. */
  state: string;
  redirectUri: string;
  /** The services this sign-in is for: the connector asks only for their scopes. */
  serviceIds: readonly string[];
  /** PKCE verifier (RFC 7636) for platforms that use it; the same value reaches handleCallback. */
  codeVerifier: string;
  /**
   * The agency's own connection (the dashboard's "Connect account"), kept for months: the
   * connector asks for the platform's offline access (a refresh token) and for the read scopes
   * its access checks, removals and read-backs use. A client's sign-in is used once: online.
   */
  agency?: boolean;
};

export type HandleCallbackInput = {
  code: string;
  state: string;
  redirectUri: string;
  codeVerifier: string;
  /** The agency's own connection (see BeginSignInInput.agency): keep what lasts longest. */
  agency?: boolean;
};

export type SignInTokens = {
  accessToken: string;
  refreshToken?: string | null;
  expiresAt?: Date | null;
  /** when the refresh token stops working, where the platform says */
  refreshTokenExpiresAt?: Date | null;
};

/**
 * A refresh of the agency's own token. `refreshToken` is set when the platform rotated it (the
 * caller keeps the newest); absent or null means the one used stays valid.
 */
export type RefreshedTokens = SignInTokens;

/** Who the signed-in user is on the platform, as the agency's connected account would record it. */
export type AgencyIdentity = {
  displayName: string;
  email: string | null;
  platformAccountId: string | null;
  businessId: string | null;
  businessName: string | null;
};

export type VerifyAccessInput = {
  accessToken: string;
  serviceId: string;
  assetIds: string[];
  agencyAccount: AgencyAccountRef;
  /** The platform's ids of a pending invitation of this grant (GrantInvitation.ref), to read its status. */
  invitationRefs?: string[];
};

export type AcceptInvitationInput = {
  /** The agency's own platform token. */
  accessToken: string;
  serviceId: string;
  /** The platform's invitation ids from the grant (GrantInvitation.ref). */
  refs: string[];
  agencyAccount: AgencyAccountRef;
};

export type AcceptedInvitation = { accepted: boolean; detail: string | null };

export type VerifiedAccess = {
  assetId: string;
  present: boolean;
  detail: string | null;
  /** For a grant made by invitation: whether the platform reads it as still pending or accepted; absent when it has no such read. */
  invitation?: InvitationStatus | null;
  /**
   * Set when this asset's read could not be made (the platform refused the read, limited it or
   * failed): why, safe to show the agency. `present` then says nothing: the asset "cannot be
   * checked", it is never reported lost. Only a read that succeeded and does not list the
   * agency's access leaves `present` false without it.
   */
  unreadable?: string | null;
};

/** Same shape as a read: the token is the client's (removal link) or the agency's own (the grantee leaves). */
export type RemoveAccessInput = VerifyAccessInput;

/** `removed` true when the access is gone afterwards (also when it was already gone). */
export type RemovedAccess = { assetId: string; removed: boolean; detail: string | null };

/**
 * Whose platform token a removal needs: "agency" where the platform lets the grantee leave
 * with its own token, "client" where only an admin of the asset may remove a partner or a
 * user (the client's consent, through the removal link).
 */
export type RemovalToken = "agency" | "client";

export type ListAssetsInput = {
  accessToken: string;
  serviceId: string;
};

export type GrantAccessInput = {
  accessToken: string;
  serviceId: string;
  assetIds: string[];
  /** A role value (or bracketed list) already checked against the catalog; null for role-less services. */
  role: string | null;
  agencyAccount: AgencyAccountRef;
  /**
   * The client's language ("en", "es", "nl"). A real platform answers in its own words; the
   * sandbox, whose refusals are worded here, words them in it.
   */
  locale?: "en" | "es" | "nl";
};

/** One of the agency's people (or system users, or Business Center members) on the platform. */
export type AgencyPerson = {
  id: string;
  name: string;
  email: string | null;
  /** business_user, system_user (Meta); member (TikTok Business Center) */
  kind: "business_user" | "system_user" | "member";
};

export type AssignPeopleInput = {
  /** the agency's own token (its dashboard sign-in) */
  accessToken: string;
  /** the agency's Business Manager / Business Center that received the asset */
  businessId: string;
  serviceId: string;
  assetId: string;
  /** each person with the catalog role of the service to give them (the connector maps it) */
  people: { id: string; role: string }[];
};

/** One person's assignment: `error` is what the platform said, safe to show the agency. */
export type PersonAssignment = { personId: string; ok: boolean; error: string | null };

export interface PlatformConnector {
  readonly platform: string;
  /** Where to send the client's browser to sign in with the platform. */
  beginSignIn(input: BeginSignInInput): { authorizationUrl: string };
  /**
   * Exchanges the code from the platform's redirect for a token. The caller
   * has already verified the state and handled `error=access_denied`.
   */
  handleCallback(input: HandleCallbackInput): Promise<SignInTokens>;
  listAssets(input: ListAssetsInput): Promise<Asset[]>;
  /**
   * Grants the agency account access to each asset. Per-asset failures come
   * back in the result; a thrown `ConnectorError` fails the whole attempt.
   */
  grantAccess(input: GrantAccessInput): Promise<GrantResult>;
  /**
   * The identities an agency user can connect after signing in on the dashboard
   * (Meta: one per Business Manager; Google: the email, with its Ads manager accounts).
   */
  listAgencyIdentities?(input: { accessToken: string }): Promise<AgencyIdentity[]>;
  /**
   * Exchanges the agency's refresh token for a new access token (RFC 6749 section 6, or the
   * platform's documented equivalent). A refresh the platform refuses (`invalid_grant`, a revoked
   * app, a removed user) throws ConnectorError "reauth"; a limit or an outage "rate_limited" or
   * "server_error". Absent where the platform has no refresh grant.
   */
  refreshAgencyToken?(input: {
    refreshToken: string;
    /** the caller's clock: expiry times are counted from it */
    now: Date;
  }): Promise<RefreshedTokens>;
  /** Reads granted access back on the platform, where it documents a read. */
  verifyAccess?(input: VerifyAccessInput): Promise<VerifiedAccess[]>;
  /**
   * Accepts a pending invitation from the agency's side with the agency's own token, where the
   * platform documents it (Pinterest: accept an invite). Absent elsewhere.
   */
  acceptInvitation?(input: AcceptInvitationInput): Promise<AcceptedInvitation>;
  /** Removes the agency's access to each asset, where the platform documents a removal call (offboarding). */
  removeAccess?(input: RemoveAccessInput): Promise<RemovedAccess[]>;
  /**
   * Whose token `removeAccess` needs for this service; null when the platform documents no
   * removal call for it (the team follows the checklist). Absent means "agency" for every
   * service (the sandbox).
   */
  removalToken?(serviceId: string): RemovalToken | null;
  /** The agency's people who can be given newly shared assets, read with the agency's own token. */
  listAgencyPeople?(input: { accessToken: string; businessId: string }): Promise<AgencyPerson[]>;
  /**
   * Gives the agency's people a role on an asset newly shared with the agency's business, with
   * the agency's own token. A refusal comes back per person; a thrown ConnectorError fails all.
   */
  assignPeople?(input: AssignPeopleInput): Promise<PersonAssignment[]>;
}

/**
 * What a sign-in answer means for the client (`oauth-answers.ts` maps every documented value):
 * - denied: the client cancelled or refused consent (nothing was shared);
 * - again: the platform wants the client to sign in once more (login or interaction required);
 * - busy: the platform is briefly unavailable;
 * - policy: the client's organisation does not allow this app;
 * - browser: the platform refuses this browser (an embedded web view);
 * - setup: the platform refuses the agency's app settings (client id, redirect, scopes);
 * - expired: the code cannot be used any more (start again);
 * - refused: any other refusal from the platform.
 */
export type SignInAnswer = "denied" | "again" | "busy" | "policy" | "browser" | "setup" | "expired" | "refused";

/**
 * - denied: the client refused consent;
 * - invalid_state: the sign-in cannot be used (expired, replayed);
 * - reauth: the platform token is expired or revoked: the client must sign in again;
 * - rate_limited: the platform's limit, or its outage (5xx), held for the whole attempt's
 *   time budget: the client is told to try again in a few minutes;
 * - platform_error: the platform refused, with a message safe to show;
 * - server_error: anything else; the message is logged, never shown.
 */
export type ConnectorErrorKind =
  "denied" | "invalid_state" | "reauth" | "rate_limited" | "platform_error" | "server_error";

/**
 * The only error connectors throw. `message` must be safe to show the client,
 * except for `server_error`, whose text the caller logs and replaces with a
 * generic message. The underlying error, if any, goes in `cause` (logged, not shown).
 */
export class ConnectorError extends Error {
  readonly kind: ConnectorErrorKind;
  /** Set by a sign-in (code exchange) failure: what the client is told (`oauth-answers.ts`). */
  readonly answer: SignInAnswer | null;

  constructor(kind: ConnectorErrorKind, message: string, options?: { cause?: unknown; answer?: SignInAnswer }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ConnectorError";
    this.kind = kind;
    this.answer = options?.answer ?? null;
  }
}

export function isConnectorError(error: unknown): error is ConnectorError {
  return error instanceof ConnectorError;
}
