// What one platform tells the rest of the app, in one object in its own folder
// (lib/infra/connectors/<platform>/<platform>-manifest.ts): its name, its place in the
// catalog (services, roles, steps, in English, Spanish and Dutch), its mark and, for a
// platform the client signs in to, the answers its OAuth documentation gives.
// lib/infra/connectors/platforms.ts lists every manifest; lib/core/catalog assembles the
// catalog from them. The shapes live here, in lib/infra, because lib/infra imports no other
// tier; what several platforms share (role(), the invite confirmation, the RFC 6749 answers)
// lives here once.
import type { AgencyPerson, SignInAnswer } from "@/lib/infra/connectors/connector";

/** "oauth": the platform has a connector the client signs in through; "none": manual only. */
export type ConnectorKind = "oauth" | "none";
export type GrantMethod = "automatic" | "manual";
/**
 * How the client pages grant a service:
 * - one_click: automatic through the platform connector after the client signs in;
 * - instructions: the client follows the steps and the agency marks it granted;
 * - client_invite: the client sends an invite from the platform and says so; the
 *   service stays pending until the agency confirms.
 */
export type ClientFlow = "one_click" | "instructions" | "client_invite";

export interface CatalogRole {
  readonly value: string;
  readonly label: string;
  readonly readOnly: boolean;
}

export interface AccountLinkField {
  readonly name: string;
  readonly required: boolean;
}

export type AgencyIdentifier = "email" | "business_id" | "manager_id";

/** English, Spanish and Dutch, in that order. */
export type Triple = readonly [en: string, es: string, nl: string];

/** One service of a platform, as its manifest writes it. */
export interface ServiceSpec {
  name: string;
  roles: CatalogRole[];
  multiRole?: boolean;
  flow: ClientFlow;
  /**
   * A manual service the client pages grant in one click where its platform is live here
   * (HubSpot's user provisioning).
   */
  oneClickWhenLive?: boolean;
  /**
   * The client's own site approves the app (WordPress's application passwords): the client
   * pages ask for the site's address and grant in one click, the steps staying as the fallback.
   */
  siteApproval?: boolean;
  accountLinkFields?: AccountLinkField[];
  /** English steps; `{agencyAccount}` stands for the agency's account */
  steps?: string[];
  /** the platform's help page the steps were written from */
  docs?: string;
  /** default "email" */
  agencyIdentifier?: AgencyIdentifier;
  /**
   * The catalog release that added the service (default 1). GET /services lists release 1's
   * services first, then release 2's, each in the registry's platform order: a new service
   * takes the next release, so no existing service ever moves.
   */
  catalogRelease?: number;
}

/** A platform's mark, drawn by components/ui/platform-logo.tsx: our own tile, not the platform's artwork. */
export interface PlatformMark {
  /** tile colour */
  readonly bg: string;
  /** letter colour */
  readonly fg: string;
  /** one to three characters */
  readonly text: string;
}

export interface PlatformManifest<Id extends string = string, S extends string = string> {
  /** the platform's stable id in the API */
  readonly id: Id;
  /** its display name */
  readonly name: string;
  readonly connectorKind: ConnectorKind;
  readonly mark: PlatformMark;
  /** its services, in the order GET /services lists them (within their catalog release) */
  readonly services: Readonly<Record<S, ServiceSpec>>;
  /** each service's name in English, Spanish and Dutch */
  readonly serviceNames: Readonly<Record<S, Triple>>;
  /** each step in English, Spanish and Dutch, keyed `<serviceId>.step<n>` */
  readonly steps?: Readonly<Record<string, Triple>>;
  /** every documented `error` value of its authorize redirect and token exchange */
  readonly oauthAnswers?: Readonly<Record<string, SignInAnswer>>;
  /** other names people search for it by in the dashboard's service picker (lower case) */
  readonly searchAliases?: string;
  /**
   * Its grant is one attempt after sign-in (or the site's approval), answered per asset: it
   * sends `connection.attempt_completed`.
   */
  readonly attemptEvent?: boolean;
  /** Its one-click grants report a failure per service: it sends `service.grant_failed`. */
  readonly grantFailedEvent?: boolean;
  /** Its connector accepts an invitation from the agency's side, with the agency's own token. */
  readonly acceptsInvitationNow?: boolean;
  /**
   * The client assigns the agency as a partner by its Business ID, not an email: its
   * instructions services need an agency account with one, and the client enters it.
   */
  readonly partnerByBusinessId?: boolean;
  /**
   * A platform the client's own site approves, with no app and no credentials: what the
   * Platforms page says the clients' sites need, in place of a setup card.
   */
  readonly noAppNotes?: readonly string[];
  /**
   * Its grant shares an asset with the agency's business, not a person: the agency chooses
   * who of its people is then given each asset (Accounts, "Who receives newly shared access").
   */
  readonly assignsPeople?: {
    /** what the platform calls the agency's business there ("Business Manager") */
    readonly businessName: string;
    /** the kind of person entered by hand */
    readonly personKind: AgencyPerson["kind"];
    /** per service, its catalog roles strongest first; the last is the default */
    readonly roles: Readonly<Record<string, readonly string[]>>;
    /** per service, where the agency assigns a person by hand when the platform refused */
    readonly assetPlaces: Readonly<Record<string, string>>;
  };
  /** The demo agency's connected account here ("Demo Agency (<name>)"), if the demo has one. */
  readonly demoAccount?: {
    readonly platformAccountId: string;
    readonly business: { readonly id: string; readonly name: string } | null;
  };
}

/** A manifest, with its platform id and service ids kept as literal types for the catalog's. */
export function definePlatform<const Id extends string, const S extends string>(
  manifest: PlatformManifest<Id, S>,
): PlatformManifest<Id, S> {
  return manifest;
}

export function role(value: string, label: string, readOnly = false): CatalogRole {
  return { value, label, readOnly };
}

/** The last step of every client invite, in English (the catalog's own step). */
export const CONFIRM_INVITE_STEP = "Confirm below that you've sent the invite.";

export const CONFIRM_INVITE: Triple = [
  CONFIRM_INVITE_STEP,
  "Confirma abajo que has enviado la invitación.",
  "Bevestig hieronder dat je de uitnodiging hebt verstuurd.",
];

/**
 * RFC 6749 §4.1.2.1 and §5.2, every platform's base: access_denied, invalid_request,
 * unauthorized_client, unsupported_response_type, invalid_scope, server_error,
 * temporarily_unavailable; token: invalid_request, invalid_client, invalid_grant,
 * unauthorized_client, unsupported_grant_type, invalid_scope.
 */
export const RFC6749: Readonly<Record<string, SignInAnswer>> = {
  access_denied: "denied",
  invalid_request: "setup",
  unauthorized_client: "setup",
  unsupported_response_type: "setup",
  invalid_scope: "setup",
  invalid_client: "setup",
  unsupported_grant_type: "setup",
  server_error: "busy",
  temporarily_unavailable: "busy",
  invalid_grant: "expired",
};

/** OpenID Connect's prompt answers (consent_required, interaction_required, login_required). */
export const OIDC_PROMPT: Readonly<Record<string, SignInAnswer>> = {
  consent_required: "denied",
  interaction_required: "again",
  login_required: "again",
};
