// Who of the agency receives assets newly shared with one of its connected accounts (a
// business on the platforms whose manifest has `assignsPeople`), and with which role: the setting's shape and
// checks, the role rules (least privilege by default, never more than the agency itself
// received) and the manual step shown when the platform refuses. Pure: the dashboard's
// client components import it too.
import { z } from "zod";
import { validationError } from "@/lib/core/common/api-error";
import type { AgencyPerson } from "@/lib/infra/connectors/connector";
import { PLATFORM_MANIFESTS } from "@/lib/infra/connectors/platforms";

const ASSIGNING = PLATFORM_MANIFESTS.flatMap((m) =>
  m.assignsPeople ? [{ ...m.assignsPeople, id: m.id, name: m.name }] : [],
);

/**
 * The services whose grant shares an asset with the agency's business (not a person), per
 * platform, with their catalog roles strongest first. The last role is the default. From
 * each platform's manifest (`assignsPeople`).
 */
export const ASSIGNABLE_ROLES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> =
  Object.fromEntries(ASSIGNING.map((p) => [p.id, p.roles]));

/** The names of the platforms that assign people, in words ("A and B"). */
export const ASSIGNING_PLATFORM_NAMES: string = ASSIGNING.map((p) => p.name)
  .join(", ")
  .replace(/, ([^,]*)$/, " and $1");

/** What the platform calls the agency's business there, for the dashboard's words. */
export function peopleBusinessName(platform: string): string {
  return ASSIGNING.find((p) => p.id === platform)?.businessName ?? "business settings";
}

/** The kind of person the agency enters by hand on the platform. */
export function manualPersonKind(platform: string): AgencyPerson["kind"] {
  return ASSIGNING.find((p) => p.id === platform)?.personKind ?? "business_user";
}

export const MAX_ASSIGNEES = 20;

export function assignableServices(platform: string): string[] {
  return Object.keys(ASSIGNABLE_ROLES[platform] ?? {});
}

function rolesOf(serviceId: string): readonly string[] | null {
  for (const services of Object.values(ASSIGNABLE_ROLES)) if (services[serviceId]) return services[serviceId];
  return null;
}

/** The least privileged role of a service (its default). */
export function defaultRole(serviceId: string): string | null {
  return rolesOf(serviceId)?.at(-1) ?? null;
}

/**
 * The role a person is given: the configured one, but never more than the agency's business
 * received on the asset (the platform would refuse it, and it would not be least privilege).
 */
export function cappedRole(serviceId: string, configured: string, granted: string | null): string {
  const order = rolesOf(serviceId);
  if (!order || granted === null) return configured;
  const c = order.indexOf(configured);
  const g = order.indexOf(granted);
  if (c < 0) return granted;
  if (g < 0) return configured;
  return order[Math.max(c, g)]!;
}

export const ZAssigneeKind = z.enum(["business_user", "system_user", "member"]);

export const ZAssignee = z.strictObject({
  /** the person's id on the platform (Meta business-scoped user or system user id, TikTok user_id) */
  id: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, "A platform user id is digits only."),
  name: z.string().trim().min(1).max(200),
  kind: ZAssigneeKind,
  /** service id -> catalog role; a service left out is not assigned */
  roles: z.record(z.string().max(60), z.string().max(60)),
});
export type TAssignee = z.infer<typeof ZAssignee>;

export const ZSetAssigneesBody = z.strictObject({
  internalAccountId: z.string().min(1).max(100),
  assignees: z.array(ZAssignee).max(MAX_ASSIGNEES),
});

/** Checks the roles against the account's platform; throws VALIDATION_FAILED naming the field. */
export function checkAssignees(platform: string, assignees: readonly TAssignee[]): TAssignee[] {
  const services = ASSIGNABLE_ROLES[platform];
  if (!services) throw validationError("internalAccountId", `Only ${ASSIGNING_PLATFORM_NAMES} accounts assign people.`);
  const seen = new Set<string>();
  return assignees.map((a, i) => {
    if (seen.has(a.id)) throw validationError(`assignees[${i}].id`, `${a.id} is listed twice.`);
    seen.add(a.id);
    for (const [serviceId, role] of Object.entries(a.roles)) {
      const allowed = services[serviceId];
      if (!allowed)
        throw validationError(
          `assignees[${i}].roles.${serviceId}`,
          `Not a service of this platform. Its services: ${Object.keys(services).join(", ")}.`,
        );
      if (!allowed.includes(role))
        throw validationError(`assignees[${i}].roles.${serviceId}`, `Must be one of ${allowed.join(", ")}.`);
    }
    return a;
  });
}

/** The stored setting, read leniently (a malformed entry is skipped, never fatal). */
export function readAssignees(value: unknown): TAssignee[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const parsed = ZAssignee.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
}

const ASSET_PLACE: Readonly<Record<string, string>> = Object.fromEntries(
  ASSIGNING.flatMap((p) => Object.entries(p.assetPlaces)),
);

/** What the agency does by hand when the platform refused an assignment. */
export function manualAssignStep(opts: {
  serviceId: string;
  personName: string;
  assetName: string | null;
  assetId: string;
  roleName: string;
}): string {
  const where = ASSET_PLACE[opts.serviceId] ?? "the platform's business settings";
  const asset = opts.assetName ? `${opts.assetName} (${opts.assetId})` : opts.assetId;
  return `Assign ${opts.personName} to ${asset} as ${opts.roleName} in ${where}.`;
}

export type AgencyPeopleList =
  | { ok: true; people: AgencyPerson[] }
  /** the list cannot be read: the agency enters ids by hand; `reason` says why */
  | { ok: false; reason: string };
