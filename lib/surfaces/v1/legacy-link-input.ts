// Maps V1 link bodies onto V2's request inputs, which then apply every rule and limit:
// `requestedServices` entries with `requested: true` become V2 services (the MCC field
// `adsMCCAccountID` becomes `adsMccAccountId`, `internalAccountID` `internalAccountId`);
// the others are not added but must still name catalog services and, when given, their
// roles. `redirectURL` comes without a scheme and gets `https://`. Unknown fields are
// ignored, as V1 always did; blank optional texts count as not sent.
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { parseAccessLevel } from "@/lib/core/catalog/access-level";
import { ApiError, validationError, type ErrorDetail } from "@/lib/core/common/api-error";
import { zodToApiError } from "@/lib/core/common/to-api-error";
import {
  ZCreateRequestBody,
  ZRequestedServices,
  type TCreateRequestBody,
  type TRequestedService,
} from "@/lib/core/requests/schemas";
import { parseLegacyId } from "@/lib/surfaces/v1/parse-legacy-id";

/** V1 account-link field → V2 field. */
const LINK_FIELDS: Record<string, string> = {
  internalAccountID: "internalAccountId",
  adsMCCAccountID: "adsMccAccountId",
  businessManagerID: "businessManagerId",
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null;
}

function mapLink(link: unknown): unknown {
  if (!isObject(link)) return link;
  const out: Record<string, unknown> = {};
  for (const [v1, v2] of Object.entries(LINK_FIELDS)) if (present(link[v1])) out[v2] = link[v1];
  return out;
}

function mapService(svc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (present(svc.accessLevel)) out.accessLevel = svc.accessLevel;
  if (present(svc.optional)) out.optional = svc.optional;
  if (present(svc.requestedAccountLinks)) {
    out.requestedAccountLinks = Array.isArray(svc.requestedAccountLinks)
      ? svc.requestedAccountLinks.map(mapLink)
      : svc.requestedAccountLinks;
  }
  return out;
}

export interface LegacyServices {
  /** the services to add, in V2 shape, parsed with V2's limits */
  requested: Record<string, TRequestedService>;
  /** the services sent without `requested: true`: checked, never added */
  unrequested: Record<string, TRequestedService>;
}

/** Splits and maps a V1 `requestedServices` map; at least one service must be requested. */
export function toLegacyServices(raw: unknown): LegacyServices {
  if (!present(raw)) throw validationError("requestedServices", "Request at least one service (requested: true).");
  if (!isObject(raw)) throw validationError("requestedServices", "Must be an object keyed by service id.");
  const requested: Record<string, unknown> = {};
  const unrequested: Record<string, unknown> = {};
  for (const [id, svc] of Object.entries(raw)) {
    const field = `requestedServices.${id.slice(0, 100)}`;
    if (!isObject(svc)) throw validationError(field, "Must be an object.");
    if (present(svc.requested) && typeof svc.requested !== "boolean")
      throw validationError(`${field}.requested`, "Must be a boolean.");
    (svc.requested === true ? requested : unrequested)[id] = mapService(svc);
  }
  if (Object.keys(requested).length === 0)
    throw validationError("requestedServices", "Request at least one service (requested: true).");
  const parse = (m: Record<string, unknown>) => {
    const parsed = ZRequestedServices.safeParse(m);
    if (!parsed.success) throw zodToApiError(parsed.error, "requestedServices");
    return parsed.data;
  };
  const out = { requested: parse(requested), unrequested: parse(unrequested) };
  checkUnrequestedServices(out.unrequested);
  return out;
}

// Names and roles only: a service that is not requested has no accounts to check.
function checkUnrequestedServices(services: Record<string, TRequestedService>) {
  const details: ErrorDetail[] = [];
  for (const [id, svc] of Object.entries(services)) {
    const field = `requestedServices.${id}`;
    const cat = getCatalogService(id);
    if (!cat) {
      details.push({ field, message: `Unknown service "${id}". See GET /services for the catalog.` });
      continue;
    }
    if (svc.accessLevel === undefined) continue;
    const level = parseAccessLevel(cat, svc.accessLevel);
    if (!level.ok) details.push({ field: `${field}.accessLevel`, message: level.message });
  }
  if (details.length) {
    const first = details[0]!;
    throw new ApiError(
      "VALIDATION_FAILED",
      `${first.field}: ${first.message}${details.length > 1 ? ` (and ${details.length - 1} more)` : ""}`,
      details,
    );
  }
}

/** `example.com/thanks` → `https://example.com/thanks`; a value with a scheme is kept as sent. */
export function toV2RedirectUrl(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const v = value.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`;
}

/** The reverse for reading: https URLs lose the scheme V1 never sent; others keep it. */
export function toV1RedirectUrl(value: string | null): string | null {
  return value === null ? null : value.replace(/^https:\/\//i, "");
}

function blankToUndefined(v: unknown): unknown {
  return v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;
}

/** The V2 create body for a V1 links/create body. */
export function toCreateRequestInput(body: Record<string, unknown>): TCreateRequestBody {
  const clientId = parseLegacyId(body.clientID, "clientID", "Client");
  const { requested } = toLegacyServices(body.requestedServices);
  const intake = blankToUndefined(body.intakeForm);
  if (intake !== undefined && typeof intake !== "boolean") throw validationError("intakeForm", "Must be a boolean.");
  const redirect = blankToUndefined(body.redirectURL);
  const v2: Record<string, unknown> = {
    clientId,
    requestedServices: requested,
    ...(intake !== undefined ? { intakeForm: { requested: intake } } : {}),
    ...(present(body.sendEmail) ? { sendEmail: body.sendEmail } : {}),
    ...(blankToUndefined(body.thankYouMessage) !== undefined ? { thankYouMessage: body.thankYouMessage } : {}),
    ...(redirect !== undefined ? { redirectUrl: toV2RedirectUrl(redirect) } : {}),
  };
  const parsed = ZCreateRequestBody.safeParse(v2);
  if (!parsed.success) throw zodToApiError(parsed.error);
  return parsed.data;
}
