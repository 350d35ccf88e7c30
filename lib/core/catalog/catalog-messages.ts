// The catalog's client-facing words in English, Spanish and Dutch: service names,
// role labels and the steps of manual services. Kept apart from the page dictionary
// because they follow the catalog (one entry per service, role label and step key)
// rather than the pages; the test checks that every catalog entry has all three.
// Service names and steps come from each platform's manifest
// (lib/infra/connectors/<platform>/<platform>-manifest.ts).
//
// Role labels are keyed by their English label, since several services (and platforms)
// share one: they are the catalog's shared vocabulary, so they stay here, as each platform
// writes them.
// Brand names (Google Ads, TikTok Ads...) stay as the platforms write them. Lives
// with the catalog: the access pages and the dashboard read it.

import { getCatalogService, renderInstructionStep, type ServiceId } from "@/lib/core/catalog/catalog";
import type { Locale } from "@/lib/infra/i18n/dictionary";
import { PLATFORM_MANIFESTS } from "@/lib/infra/connectors/platforms";

import type { Triple } from "@/lib/core/catalog/catalog-types";

export type { Triple };

const LOCALE_INDEX: Record<Locale, 0 | 1 | 2> = { en: 0, es: 1, nl: 2 };

export const SERVICE_NAMES: Readonly<Record<ServiceId, Triple>> = Object.fromEntries(
  PLATFORM_MANIFESTS.flatMap((m) => Object.entries(m.serviceNames as Readonly<Record<string, Triple>>)),
) as Record<ServiceId, Triple>;

export const ROLE_LABELS: Readonly<Record<string, Triple>> = {
  Admin: ["Admin", "Administrador", "Beheerder"],
  Employee: ["Employee", "Empleado", "Medewerker"],
  Advertiser: ["Advertiser", "Anunciante", "Adverteerder"],
  Analyst: ["Analyst", "Analista", "Analist"],
  "Full control": ["Full control", "Control total", "Volledige controle"],
  Editor: ["Editor", "Editor", "Redacteur"],
  Moderator: ["Moderator", "Moderador", "Moderator"],
  Standard: ["Standard", "Estándar", "Standaard"],
  "Read only": ["Read only", "Solo lectura", "Alleen lezen"],
  "Email only": ["Email only", "Solo correo electrónico", "Alleen e-mail"],
  Billing: ["Billing", "Facturación", "Facturering"],
  Administrator: ["Administrator", "Administrador", "Beheerder"],
  Viewer: ["Viewer", "Lector", "Kijker"],
  Publish: ["Publish", "Publicar", "Publiceren"],
  Approve: ["Approve", "Aprobar", "Goedkeuren"],
  Edit: ["Edit", "Editar", "Bewerken"],
  Read: ["Read", "Leer", "Lezen"],
  Owner: ["Owner", "Propietario", "Eigenaar"],
  "Full user": ["Full user", "Usuario completo", "Volledige gebruiker"],
  "Restricted user": ["Restricted user", "Usuario restringido", "Beperkte gebruiker"],
  "Performance and insights": ["Performance and insights", "Rendimiento y estadísticas", "Prestaties en inzichten"],
  Manager: ["Manager", "Administrador", "Beheerder"],
  Operator: ["Operator", "Operador", "Operator"],
  "Account manager": ["Account manager", "Gestor de cuenta", "Accountmanager"],
  "Campaign manager": ["Campaign manager", "Gestor de campañas", "Campagnemanager"],
  "Creative manager": ["Creative manager", "Gestor de creatividades", "Creatiemanager"],
  "Super admin": ["Super admin", "Superadministrador", "Superbeheerder"],
  "Content admin": ["Content admin", "Administrador de contenido", "Contentbeheerder"],
  "Standard user": ["Standard user", "Usuario estándar", "Standaardgebruiker"],
  Reports: ["Reports", "Informes", "Rapporten"],
  "Account administrator": ["Account administrator", "Administrador de la cuenta", "Accountbeheerder"],
  "Ad manager": ["Ad manager", "Gestor de anuncios", "Advertentiemanager"],
  "Campaign coordinator": ["Campaign coordinator", "Coordinador de campañas", "Campagnecoördinator"],
  "View only": ["View only", "Solo visualización", "Alleen bekijken"],
  "Admin without billing": ["Admin without billing", "Administrador sin facturación", "Beheerder zonder facturering"],
  "Standard without billing": ["Standard without billing", "Estándar sin facturación", "Standaard zonder facturering"],
  "Read-only without billing": [
    "Read-only without billing",
    "Solo lectura sin facturación",
    "Alleen lezen zonder facturering",
  ],
  "Organization admin": ["Organization admin", "Administrador de la organización", "Organisatiebeheerder"],
  Member: ["Member", "Miembro", "Lid"],
  "Account Admin": ["Account Admin", "Administrador de la cuenta", "Accountbeheerder"],
  "API Account Manager": ["API Account Manager", "Gestor de cuenta por API", "API-accountmanager"],
  "Account Read Only": ["Account Read Only", "Cuenta solo lectura", "Account alleen lezen"],
  "Team member": ["Team member", "Miembro del equipo", "Teamlid"],
  "Read/Write": ["Read/Write", "Lectura y escritura", "Lezen en schrijven"],
  "Read Only": ["Read Only", "Solo lectura", "Alleen lezen"],
  "Read & Write": ["Read & Write", "Lectura y escritura", "Lezen en schrijven"],
  Collaborator: ["Collaborator", "Colaborador", "Samenwerker"],
  "Read-only": ["Read-only", "Solo lectura", "Alleen lezen"],
  Author: ["Author", "Autor", "Auteur"],
  "Admin (Co-Owner)": ["Admin (Co-Owner)", "Administrador (copropietario)", "Beheerder (mede-eigenaar)"],
  "Website Manager": ["Website Manager", "Gestor del sitio web", "Websitebeheerder"],
  "Marketing Manager": ["Marketing Manager", "Gestor de marketing", "Marketingmanager"],
  "Site manager": ["Site manager", "Gestor del sitio", "Sitebeheerder"],
  Designer: ["Designer", "Diseñador", "Ontwerper"],
  Marketer: ["Marketer", "Especialista en marketing", "Marketeer"],
  "Content editor": ["Content editor", "Editor de contenido", "Contentredacteur"],
  Reviewer: ["Reviewer", "Revisor", "Beoordelaar"],
  "Website editor": ["Website editor", "Editor del sitio web", "Websiteredacteur"],
  "Store manager": ["Store manager", "Gestor de la tienda", "Winkelbeheerder"],
  Analytics: ["Analytics", "Analíticas", "Analyse"],
};

/** Keyed by the catalog's `stepKeys`; the English text equals the catalog's own step. */
export const INSTRUCTION_STEPS: Readonly<Record<string, Triple>> = Object.fromEntries(
  PLATFORM_MANIFESTS.flatMap((m) => Object.entries(m.steps ?? {})),
);

function pick(triple: Triple | undefined, locale: Locale): string | undefined {
  return triple?.[LOCALE_INDEX[locale] ?? 0];
}

/** The service's name in the locale; unknown ids come back as given. */
export function serviceName(locale: Locale, serviceId: string): string {
  return (
    pick((SERVICE_NAMES as Record<string, Triple>)[serviceId], locale) ??
    getCatalogService(serviceId)?.name ??
    serviceId
  );
}

/**
 * The requested role in words: one label, or several joined for a multi-role
 * bracketed list such as `[publish,approve]`. Null for role-less services.
 */
export function roleLabel(locale: Locale, serviceId: string, accessLevel: string | null): string | null {
  if (accessLevel === null) return null;
  const service = getCatalogService(serviceId);
  const trimmed = accessLevel.trim();
  const values =
    trimmed.startsWith("[") && trimmed.endsWith("]")
      ? trimmed
          .slice(1, -1)
          .split(",")
          .map((v) => v.trim())
      : [trimmed];
  return values
    .filter((v) => v.length > 0)
    .map((value) => {
      const english = service?.roles.find((r) => r.value === value)?.label ?? value;
      return pick(ROLE_LABELS[english], locale) ?? english;
    })
    .join(", ");
}

/** The manual steps of a service in the locale, with the agency's account filled in. */
export function instructionSteps(locale: Locale, serviceId: string, agencyAccount: string): string[] {
  const service = getCatalogService(serviceId);
  if (!service) return [];
  return service.stepKeys.map((key, i) =>
    renderInstructionStep(pick(INSTRUCTION_STEPS[key], locale) ?? service.instructions[i]!, agencyAccount),
  );
}
