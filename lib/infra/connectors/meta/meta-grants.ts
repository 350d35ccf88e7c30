// Granting the agency's Business Manager access to the client's Meta assets, and reading
// each grant back.
//
// - ad account, catalog: POST /{asset-id}/agencies with `business` and `permitted_tasks`
//   ("Ad Account Agencies", https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/ad-account/agencies;
//   ProductCatalog /agencies in Meta's facebook-nodejs-business-sdk, src/objects/product-catalog.js);
// - Page: the same with the Page's own token ("Page Agencies",
//   https://developers.facebook.com/docs/graph-api/reference/page/agencies/; "Assigning a business to a Page
//   requires a page token", https://developers.facebook.com/docs/marketing-api/businessmanager/business-to-business);
// - pixel: POST /{pixel-id}/agencies with `business` and `permitted_tasks` ("Business pixel sharing",
//   https://developers.facebook.com/docs/business-management-apis/business-asset-management/guides/business-pixel-sharing),
//   read back through GET /{pixel-id}/shared_agencies ("Ads Pixel Shared Agencies",
//   https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/ads-pixel/shared_agencies);
// - Business Manager: POST /{business-id}/business_users with the agency account's `email` and
//   `role` ("Business Business Users", https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/business/business_users),
//   read back through GET /{business-id}/pending_users?email= ("Business Pending Users",
//   https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/business/pending_users).
//
// Never weaker: before writing, the agency's current access is read through the same
// documented lists. Held tasks that include the asked ones (META_TASK_ORDER) count as
// granted with nothing written (`alreadyGranted`); otherwise the add carries the union of
// the held and the asked tasks, so whatever Meta does with a partner already there (set its
// tasks to the list sent, or refuse), the agency never ends with fewer tasks. A Business
// Manager invitation or membership with a role that includes the asked one (ADMIN includes
// EMPLOYEE) counts as granted; a weaker one is raised in place: a member through "Business
// User", Updating (`role`, https://developers.facebook.com/docs/marketing-api/reference/business-user/#Updating),
// a pending invitation through "Business Role Request", Updating (`role`,
// https://developers.facebook.com/docs/marketing-api/reference/business-role-request/#Updating).
// A refused add is read back again: when the agency is there with the asked tasks after all,
// the asset counts as granted.

import {
  ConnectorError,
  type AgencyAccountRef,
  type AssetGrantResult,
  type GrantAccessInput,
  type GrantResult,
  type VerifiedAccess,
} from "@/lib/infra/connectors/connector";
import { classifyGraphError, MetaApiError, type GraphError } from "@/lib/infra/connectors/meta/meta-errors";
import { verifyMetaFromAgencySide } from "@/lib/infra/connectors/meta/meta-agency-read";
import { assetFailure } from "@/lib/infra/connectors/platform-errors";
import type { MetaGraph } from "@/lib/infra/connectors/meta/meta-graph";
import {
  META_BUSINESS_ROLE_ORDER,
  META_TASK_ORDER,
  businessRole,
  partnerTasks,
  type MetaPartnerService,
} from "@/lib/infra/connectors/meta/meta-roles";
import { anyIncludes, roleIncludes } from "@/lib/infra/connectors/role-order";

type PageNode = { id: string; name?: string; access_token?: string };
type AgencyNode = { id: string; name?: string; permitted_tasks?: string[] };

export const PARTNER_SERVICES: readonly string[] = ["meta_ads", "meta_page", "meta_catalog", "meta_pixel"];

function agencyNotReady(): ConnectorError {
  return new ConnectorError(
    "platform_error",
    "The agency has not finished connecting its Meta Business Manager. Please let them know and try again later.",
  );
}

/** The token a call on this asset must carry: the Page's own token for Pages, else the user's. */
export async function pageTokens(graph: MetaGraph, token: string): Promise<Map<string, string>> {
  // "User Accounts" lists each Page with its Page access token.
  const pages = await graph.list<PageNode>(token, "me/accounts", { fields: "id,name,access_token" });
  return new Map(pages.filter((p) => typeof p.access_token === "string").map((p) => [p.id, p.access_token!]));
}

/**
 * The agency business's entry on the asset: its tasks (null for a pixel, whose list names
 * no tasks), "absent" when it is no partner, null when the list could not be read.
 */
async function readPartnerTasks(
  graph: MetaGraph,
  token: string,
  serviceId: string,
  assetId: string,
  businessId: string,
): Promise<{ tasks: string[] | null } | "absent" | null> {
  const edge = serviceId === "meta_pixel" ? "shared_agencies" : "agencies";
  const fields = serviceId === "meta_pixel" ? "id,name" : "id,name,permitted_tasks";
  try {
    const out = await graph.call<{ data?: AgencyNode[] }>(token, "GET", `${assetId}/${edge}`, { fields, limit: "100" });
    if (!out.ok) return null;
    const entry = (out.data.data ?? []).find((b) => b.id === businessId);
    if (!entry) return "absent";
    return { tasks: entry.permitted_tasks ?? null };
  } catch (err) {
    if (err instanceof ConnectorError && err.kind !== "server_error") throw err;
    return null;
  }
}

/** Whether held tasks (null: a pixel partner, whose tasks are not listed) include every asked task. */
function tasksCover(serviceId: string, held: string[] | null, asked: readonly string[]): boolean {
  if (held === null) return true;
  const order = META_TASK_ORDER[serviceId as MetaPartnerService] ?? [];
  return asked.every((t) => anyIncludes(order, held, t));
}

export async function readPartner(
  graph: MetaGraph,
  token: string,
  serviceId: string,
  assetId: string,
  businessId: string,
  tasks: readonly string[],
): Promise<boolean | null> {
  const entry = await readPartnerTasks(graph, token, serviceId, assetId, businessId);
  if (entry === null) return null;
  if (entry === "absent") return false;
  return tasksCover(serviceId, entry.tasks, tasks);
}

type BusinessPerson = { id: string; role: string | null; pending: boolean };

/** The agency email's invitation or membership in the business, "absent", or null when unreadable. */
async function readBusinessPerson(
  graph: MetaGraph,
  token: string,
  businessId: string,
  email: string,
): Promise<BusinessPerson | "absent" | null> {
  type Row = { id?: string; email?: string; role?: string };
  try {
    const same = (e?: string) => (e ?? "").toLowerCase() === email.toLowerCase();
    const pending = await graph.call<{ data?: Row[] }>(token, "GET", `${businessId}/pending_users`, {
      email,
      fields: "id,email,role,status",
    });
    if (!pending.ok) return null;
    const invited = (pending.data.data ?? []).find((u) => same(u.email));
    if (invited) return { id: String(invited.id ?? ""), role: invited.role ?? null, pending: true };
    const members = await graph.call<{ data?: Row[] }>(token, "GET", `${businessId}/business_users`, {
      fields: "id,email,role",
      limit: "100",
    });
    if (!members.ok) return null;
    const member = (members.data.data ?? []).find((u) => same(u.email));
    return member ? { id: String(member.id ?? ""), role: member.role ?? null, pending: false } : "absent";
  } catch (err) {
    if (err instanceof ConnectorError && err.kind !== "server_error") throw err;
    return null;
  }
}

/** Whether the person's role includes `role` (an unlisted role is taken as present, as Meta lists every one). */
function personCovers(person: BusinessPerson, role: string): boolean {
  return person.role === null || roleIncludes(META_BUSINESS_ROLE_ORDER, person.role, role);
}

async function readBusinessUser(
  graph: MetaGraph,
  token: string,
  businessId: string,
  email: string,
  role?: string,
): Promise<boolean | null> {
  const person = await readBusinessPerson(graph, token, businessId, email);
  if (person === null) return null;
  if (person === "absent") return false;
  return role ? personCovers(person, role) : true;
}

/** One asset's refusal through the shared mapping: Meta's outage `platform_unavailable`, else its message. */
function failed(assetId: string, error: GraphError, secrets: string[]): AssetGrantResult {
  return assetFailure("Meta", assetId, new MetaApiError(error, secrets));
}

async function grantPartner(
  graph: MetaGraph,
  input: GrantAccessInput,
  agency: AgencyAccountRef,
): Promise<AssetGrantResult[]> {
  const serviceId = input.serviceId as MetaPartnerService;
  const tasks = partnerTasks(serviceId, input.role);
  if (!tasks) throw new ConnectorError("server_error", `No Meta task list for ${serviceId} role ${input.role}`);
  const businessId = agency.businessId;
  if (!businessId) throw agencyNotReady();
  const pages = serviceId === "meta_page" ? await pageTokens(graph, input.accessToken) : null;

  const results: AssetGrantResult[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    const token = pages ? pages.get(assetId) : input.accessToken;
    if (!token) {
      results.push({
        assetId,
        ok: false,
        error: "You can't share this Page: Meta did not list it among the Pages you manage.",
        errorKind: "platform_error",
      });
      continue;
    }
    // Never weaker: what the agency holds here decides whether anything is written, and what.
    const held = await readPartnerTasks(graph, token, serviceId, assetId, businessId);
    if (held !== null && held !== "absent" && tasksCover(serviceId, held.tasks, tasks)) {
      results.push({ assetId, ok: true, error: null, alreadyGranted: true, verified: true });
      continue;
    }
    const sent = [...new Set([...(held !== null && held !== "absent" ? (held.tasks ?? []) : []), ...tasks])];
    const out = await graph.call<{ success?: boolean }>(token, "POST", `${assetId}/agencies`, {
      business: businessId,
      permitted_tasks: JSON.stringify(sent),
    });
    if (out.ok) {
      results.push({
        assetId,
        ok: true,
        error: null,
        verified: await readPartner(graph, token, serviceId, assetId, businessId, tasks),
      });
      continue;
    }
    if (
      classifyGraphError(out.error) === "refused" &&
      (await readPartner(graph, token, serviceId, assetId, businessId, tasks)) === true
    ) {
      results.push({ assetId, ok: true, error: null, alreadyGranted: true, verified: true });
      continue;
    }
    results.push(failed(assetId, out.error, [input.accessToken, token]));
  }
  return results;
}

async function grantBusinessManager(
  graph: MetaGraph,
  input: GrantAccessInput,
  agency: AgencyAccountRef,
): Promise<AssetGrantResult[]> {
  const role = businessRole(input.role);
  if (!role) throw new ConnectorError("server_error", `No Business Manager role for ${input.role}`);
  const email = agency.email;
  if (!email) throw agencyNotReady();
  const results: AssetGrantResult[] = [];
  for (const businessId of [...new Set(input.assetIds)]) {
    // Never weaker: an invitation or membership whose role includes the asked one is kept as it
    // is; a weaker one is raised in place (never removed and invited again).
    const person = await readBusinessPerson(graph, input.accessToken, businessId, email);
    if (person !== null && person !== "absent" && personCovers(person, role)) {
      results.push({ assetId: businessId, ok: true, error: null, alreadyGranted: true, verified: true });
      continue;
    }
    const out =
      person !== null && person !== "absent" && person.id
        ? await graph.call<{ success?: boolean }>(input.accessToken, "POST", person.id, { role })
        : await graph.call<{ id?: string }>(input.accessToken, "POST", `${businessId}/business_users`, {
            email,
            role,
          });
    if (out.ok) {
      results.push({
        assetId: businessId,
        ok: true,
        error: null,
        verified: await readBusinessUser(graph, input.accessToken, businessId, email, role),
      });
      continue;
    }
    if (
      classifyGraphError(out.error) === "refused" &&
      (await readBusinessUser(graph, input.accessToken, businessId, email, role)) === true
    ) {
      results.push({ assetId: businessId, ok: true, error: null, alreadyGranted: true, verified: true });
      continue;
    }
    results.push(failed(businessId, out.error, [input.accessToken]));
  }
  return results;
}

export async function grantMetaAccess(graph: MetaGraph, input: GrantAccessInput): Promise<GrantResult> {
  if (input.serviceId === "meta_business_manager")
    return { results: await grantBusinessManager(graph, input, input.agencyAccount) };
  if (PARTNER_SERVICES.includes(input.serviceId))
    return { results: await grantPartner(graph, input, input.agencyAccount) };
  throw new ConnectorError(
    "platform_error",
    "This Meta service is shared by following the steps on this page, not by signing in.",
  );
}

export async function verifyMetaAccess(
  graph: MetaGraph,
  input: {
    accessToken: string;
    serviceId: string;
    assetIds: string[];
    agencyAccount: AgencyAccountRef;
    role?: string | null;
  },
): Promise<VerifiedAccess[]> {
  // the agency's own token reads its side; a client's token (a grant, a removal link) the asset's
  if (
    input.agencyAccount.agencyAccessToken &&
    input.agencyAccount.agencyAccessToken === input.accessToken &&
    (input.serviceId === "meta_business_manager" || PARTNER_SERVICES.includes(input.serviceId))
  )
    return verifyMetaFromAgencySide(graph, input);
  const out: VerifiedAccess[] = [];
  if (input.serviceId === "meta_business_manager") {
    for (const id of input.assetIds) {
      const present = input.agencyAccount.email
        ? await readBusinessUser(graph, input.accessToken, id, input.agencyAccount.email)
        : null;
      out.push({
        assetId: id,
        present: present === true,
        detail: null,
        ...(present === null ? { unreadable: "Meta did not answer the read of this access." } : {}),
      });
    }
    return out;
  }
  const serviceId = input.serviceId as MetaPartnerService;
  const pages = serviceId === "meta_page" ? await pageTokens(graph, input.accessToken) : null;
  for (const id of input.assetIds) {
    const token = pages ? pages.get(id) : input.accessToken;
    const present =
      token && input.agencyAccount.businessId
        ? await readPartner(graph, token, serviceId, id, input.agencyAccount.businessId, [])
        : null;
    out.push({
      assetId: id,
      present: present === true,
      detail: null,
      ...(present === null ? { unreadable: "Meta did not answer the read of this access." } : {}),
    });
  }
  return out;
}
