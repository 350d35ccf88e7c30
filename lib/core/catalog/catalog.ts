// The catalog of platforms and services an agency can request access to, as
// typed in-memory data. Owns the stable ids, roles, how each service is
// granted, the extra account-link fields, the client-facing steps for manual
// services, and the API shape served by GET /services.

import { PLATFORM_MANIFESTS, platformManifest } from "@/lib/infra/connectors/platforms";
import {
  PLATFORM_IDS,
  type AccountLinkField,
  type AgencyIdentifier,
  type CatalogRole,
  type ClientFlow,
  type ConnectorKind,
  type GrantMethod,
  type PlatformId,
  type ServiceId,
  type ServiceSpec,
} from "@/lib/core/catalog/catalog-types";

export { PLATFORM_IDS };
export type {
  AccountLinkField,
  AgencyIdentifier,
  CatalogRole,
  ClientFlow,
  ConnectorKind,
  GrantMethod,
  PlatformId,
  ServiceSpec,
};

// The order of listCatalog() and GET /services: by catalog release (a service added later
// comes after every earlier one, so none ever moves), then in the registry's platform order,
// then in the manifest's own order.
const SERVICE_ENTRIES: readonly { id: ServiceId; platform: PlatformId; spec: ServiceSpec }[] =
  PLATFORM_MANIFESTS.flatMap((m) =>
    Object.entries(m.services as Readonly<Record<string, ServiceSpec>>).map(([id, spec]) => ({
      id: id as ServiceId,
      platform: m.id,
      spec,
    })),
  )
    .map((entry, index) => ({ entry, index }))
    .sort((x, y) => (x.entry.spec.catalogRelease ?? 1) - (y.entry.spec.catalogRelease ?? 1) || x.index - y.index)
    .map(({ entry }) => entry);

export const SERVICE_IDS = SERVICE_ENTRIES.map((e) => e.id) as readonly ServiceId[] as readonly [
  ServiceId,
  ...ServiceId[],
];
export type { ServiceId };

export interface CatalogPlatform {
  readonly id: PlatformId;
  readonly name: string;
  readonly connectorKind: ConnectorKind;
}

export interface CatalogService {
  readonly id: ServiceId;
  readonly platform: PlatformId;
  readonly name: string;
  readonly roles: readonly CatalogRole[];
  /** Several roles at once; accessLevel is then a bracketed list such as `[publish,approve]`. */
  readonly multiRole: boolean;
  readonly grantMethod: GrantMethod;
  readonly clientSignInRequired: boolean;
  readonly accountLinkFields: readonly AccountLinkField[];
  readonly clientFlow: ClientFlow;
  /**
   * A manual service the client pages grant in one click where its platform is live here
   * (HubSpot). The API contract keeps `clientFlow`, `grantMethod` and `clientSignInRequired`.
   */
  readonly oneClickWhenLive: boolean;
  /**
   * A manual service the client's own site approves in one click (WordPress): the client pages
   * ask for the site's address; the steps and "I've done this" stay beside it as the fallback.
   * The API contract keeps `clientFlow`, `grantMethod` and `clientSignInRequired`.
   */
  readonly siteApproval: boolean;
  /**
   * English steps for manual flows; `{agencyAccount}` stands for the agency's account. A
   * one-click service has none, unless its platform API cannot grant it on a live
   * installation: then these are the steps the client follows whenever the platform is
   * set up here (Snapchat Ads).
   */
  readonly instructions: readonly string[];
  /** One translation key per step, same order as `instructions`. */
  readonly stepKeys: readonly string[];
  /** The platform's help page the steps follow; null for a service granted in one click only. */
  readonly documentationUrl: string | null;
  /**
   * What of the agency's the client enters on the platform: the connected account's email
   * (the default), its business id (the link's `businessManagerId` or the account's business)
   * or a manager account id (the link's `adsMccAccountId`).
   */
  readonly agencyIdentifier: AgencyIdentifier;
}

/**
 * When a link field that is not always required is required after all: `account_without_business`
 * when the linked account has no business (`business: null` in GET /accounts), since the
 * client's steps name the agency by its Business ID.
 */
export type LinkFieldCondition = "account_without_business";

/** One extra link field as GET /services lists it: `requiredWhen` only where it applies. */
export interface ApiAccountLinkField {
  readonly name: string;
  readonly required: boolean;
  readonly requiredWhen?: LinkFieldCondition;
}

/** The Catalog service object of the API contract, and nothing more. */
export interface ApiCatalogService {
  readonly id: ServiceId;
  readonly platform: PlatformId;
  readonly roles: readonly CatalogRole[];
  readonly grantMethod: GrantMethod;
  readonly clientSignInRequired: boolean;
  readonly accountLinkFields: readonly ApiAccountLinkField[];
}

// The spec says two platforms send service.grant_failed without naming them: those whose
// one-click grants report a failure per service (their manifests' `grantFailedEvent`).
export const GRANT_FAILED_PLATFORMS: readonly PlatformId[] = PLATFORM_MANIFESTS.filter((m) => m.grantFailedEvent).map(
  (m) => m.id,
);

// The spec says six platforms send connection.attempt_completed for one-step grant
// attempts: the platforms whose grant is one call (or calls the connector makes at once)
// after sign-in or the site's approval, answered per asset (their manifests' `attemptEvent`).
// A manual-only platform has no attempt at all.
export const ATTEMPT_EVENT_PLATFORMS: readonly PlatformId[] = PLATFORM_MANIFESTS.filter((m) => m.attemptEvent).map(
  (m) => m.id,
);

const PLATFORMS: readonly CatalogPlatform[] = deepFreeze(
  PLATFORM_MANIFESTS.map((m) => ({ id: m.id, name: m.name, connectorKind: m.connectorKind })),
);

function buildService(id: ServiceId, platform: PlatformId, spec: ServiceSpec): CatalogService {
  // Grant method and sign-in follow from the flow, so they cannot disagree with it.
  const oneClick = spec.flow === "one_click";
  const steps = spec.steps ?? [];
  return {
    id,
    platform,
    name: spec.name,
    roles: spec.roles.map((r) => ({ ...r })),
    multiRole: spec.multiRole ?? false,
    grantMethod: oneClick ? "automatic" : "manual",
    clientSignInRequired: oneClick,
    accountLinkFields: (spec.accountLinkFields ?? []).map((f) => ({ ...f })),
    clientFlow: spec.flow,
    oneClickWhenLive: spec.oneClickWhenLive ?? false,
    siteApproval: spec.siteApproval ?? false,
    instructions: [...steps],
    stepKeys: steps.map((_, i) => `${id}.step${i + 1}`),
    documentationUrl: spec.docs ?? null,
    agencyIdentifier:
      spec.agencyIdentifier ??
      (spec.accountLinkFields?.some((f) => f.name === "businessManagerId")
        ? "business_id"
        : spec.accountLinkFields?.some((f) => f.name === "adsMccAccountId")
          ? "manager_id"
          : "email"),
  };
}

const SERVICES: readonly CatalogService[] = deepFreeze(
  SERVICE_ENTRIES.map((e) => buildService(e.id, e.platform, e.spec)),
);
const SERVICES_BY_ID: ReadonlyMap<string, CatalogService> = new Map(SERVICES.map((s) => [s.id, s]));
const PLATFORMS_BY_ID: ReadonlyMap<string, CatalogPlatform> = new Map(PLATFORMS.map((p) => [p.id, p]));

export function listCatalog(): CatalogService[] {
  return [...SERVICES];
}

export function getCatalogService(id: string): CatalogService | undefined {
  return SERVICES_BY_ID.get(id);
}

export function isServiceId(id: string): id is ServiceId {
  return SERVICES_BY_ID.has(id);
}

export function listPlatforms(): CatalogPlatform[] {
  return [...PLATFORMS];
}

export function getPlatform(id: string): CatalogPlatform | undefined {
  return PLATFORMS_BY_ID.get(id);
}

export function listPlatformServices(platform: string): CatalogService[] {
  return SERVICES.filter((s) => s.platform === platform);
}

/**
 * Whether the client pages grant the service in one click on this installation, given its
 * platform's mode ("live", "sandbox" or "unconfigured").
 */
export function isOneClickHere(service: CatalogService | undefined, mode: string): boolean {
  if (!service) return false;
  return service.clientFlow === "one_click" || (service.oneClickWhenLive && mode === "live");
}

/**
 * Whether a request for the service needs one of the agency's accounts linked: the client's
 * steps name it ("enter {agencyAccount}"). That covers the manual services with such steps and
 * Snapchat Ads, one click where Snapchat is live (its grant invites that account) and steps
 * where it is not.
 */
export function needsAgencyAccount(service: CatalogService): boolean {
  return service.instructions.some((step) => step.includes("{agencyAccount}"));
}

/**
 * Whether the client assigns the agency on this platform as a partner by its Business ID
 * rather than an email (the manifest's `partnerByBusinessId`).
 */
export function assignsPartnerByBusinessId(platform: string): boolean {
  return platformManifest(platform)?.partnerByBusinessId ?? false;
}

/**
 * Whether the client's steps for the service name the agency's account by its Business ID:
 * the instructions services of a platform whose partners are assigned by Business ID. A
 * request for one needs an agency account with a Business ID, or a `businessManagerId` on
 * its link: a display name in its place would send the client looking for a business that
 * does not exist.
 */
export function needsAgencyBusinessId(service: CatalogService): boolean {
  return (
    assignsPartnerByBusinessId(service.platform) && service.clientFlow === "instructions" && needsAgencyAccount(service)
  );
}

/** Other names people search for the platform by (lower case), or "". */
export function platformSearchAliases(platform: string): string {
  return platformManifest(platform)?.searchAliases ?? "";
}

/** Whether the platform's connector accepts an invitation from the agency's side. */
export function acceptsInvitationNow(platform: string): boolean {
  return platformManifest(platform)?.acceptsInvitationNow ?? false;
}

/** Fills `{agencyAccount}` in one instruction step. */
export function renderInstructionStep(step: string, agencyAccount: string): string {
  // A replacer function, so `$` in an account id is not read as a pattern.
  return step.replaceAll("{agencyAccount}", () => agencyAccount);
}

export function toApiCatalogService(s: CatalogService): ApiCatalogService {
  return {
    id: s.id,
    platform: s.platform,
    roles: s.roles.map((r) => ({ value: r.value, label: r.label, readOnly: r.readOnly })),
    grantMethod: s.grantMethod,
    clientSignInRequired: s.clientSignInRequired,
    accountLinkFields: s.accountLinkFields.map((f) => ({
      name: f.name,
      required: f.required,
      // the create refuses a link to an account without a business for such a service
      // (validate-requested-services.ts): the catalog says so, so an integrator can tell beforehand
      ...(f.name === "businessManagerId" && !f.required && needsAgencyBusinessId(s)
        ? { requiredWhen: "account_without_business" as const }
        : {}),
    })),
  };
}

/** GET /services is served from this; it never changes while the process runs. */
export const API_CATALOG_SERVICES: readonly ApiCatalogService[] = deepFreeze(SERVICES.map(toApiCatalogService));

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
