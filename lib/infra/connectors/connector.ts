// The contract between the client pages and a platform: sign-in, listing the
// client's assets and granting the agency access to them, plus the one error
// type connectors throw.
//
// Adding a real platform (say Meta or Google) is one new file plus env config:
//   1. write `lib/connectors/<platform>-connector.ts` exporting a factory that
//      reads its client id and secret from `lib/infra/env.ts` and returns a
//      `PlatformConnector`, or null when that config is missing;
//   2. add the factory to the registry in `get-connector.ts`.
// The callers (OAuth start/callback routes, the grant step) only ever see this
// interface, so nothing else changes. Connectors never see the request row or
// the database: state signing, nonce storage, events and status changes stay
// with the caller.

export type Asset = {
  /** The asset's id on the platform (reported as `grantedAssets[].id`). */
  id: string;
  name: string | null;
};

/**
 * Why a single asset failed. A `server_error` text may carry internals, so the
 * caller shows and records a generic message in its place; a `platform_error`
 * text is what the platform said and is safe to show the client.
 */
export type GrantErrorKind = "platform_error" | "server_error";

export type AssetGrantResult = {
  assetId: string;
  ok: boolean;
  error: string | null;
  /** Set when `ok` is false; absent means `platform_error`. */
  errorKind?: GrantErrorKind;
};

/** One entry per requested asset: an attempt can partly succeed. */
export type GrantResult = {
  results: AssetGrantResult[];
};

/** The agency account that receives access (from the request's `accounts`). */
export type AgencyAccountRef = {
  internalAccountId: string;
  platformAccountId: string | null;
  email: string | null;
};

export type BeginSignInInput = {
  /** Signed state from `oauth-state.ts`; must come back unchanged. */
  state: string;
  redirectUri: string;
};

export type HandleCallbackInput = {
  code: string;
  state: string;
};

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
};

export interface PlatformConnector {
  readonly platform: string;
  /** Where to send the client's browser to sign in with the platform. */
  beginSignIn(input: BeginSignInInput): { authorizationUrl: string };
  /**
   * Exchanges the code from the platform's redirect for a token. The caller
   * has already verified the state and handled `error=access_denied`.
   */
  handleCallback(input: HandleCallbackInput): Promise<{ accessToken: string }>;
  listAssets(input: ListAssetsInput): Promise<Asset[]>;
  /**
   * Grants the agency account access to each asset. Per-asset failures come
   * back in the result; a thrown `ConnectorError` fails the whole attempt.
   */
  grantAccess(input: GrantAccessInput): Promise<GrantResult>;
}

export type ConnectorErrorKind = "denied" | "invalid_state" | "platform_error" | "server_error";

/**
 * The only error connectors throw. `message` must be safe to show the client,
 * except for `server_error`, whose text the caller logs and replaces with a
 * generic message. The underlying error, if any, goes in `cause` (logged, not shown).
 */
export class ConnectorError extends Error {
  readonly kind: ConnectorErrorKind;

  constructor(kind: ConnectorErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ConnectorError";
    this.kind = kind;
  }
}

export function isConnectorError(error: unknown): error is ConnectorError {
  return error instanceof ConnectorError;
}
