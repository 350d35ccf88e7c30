// The agency's people in its own Business Manager, and giving them a role on an asset a client
// just shared with that Business Manager (partner access), with the agency's own token.
//
// - people: GET /{business-id}/business_users ("Business Business Users",
//   https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/business/business_users)
//   and GET /{business-id}/system_users ("Business System Users",
//   https://developers.facebook.com/docs/marketing-api/reference/business/system_users/); Business.getBusinessUsers
//   and getSystemUsers in Meta's facebook-nodejs-business-sdk (src/objects/business.js).
// - ad account: POST /{ad-account-id}/assigned_users with `user` and `tasks` ("Ad Account Assigned
//   Users", https://developers.facebook.com/docs/marketing-api/reference/ad-account/assigned_users/; Meta's
//   machine-readable definition, facebook/facebook-business-sdk-codegen api_specs/specs/AdAccount.json, lists
//   exactly `user` (int, required) and `tasks` (list of adaccountassigned_users_tasks_enum_param: MANAGE,
//   ADVERTISE, ANALYZE, DRAFT, AA_ANALYZE); `business` belongs to the GET of that edge only).
// - Page: POST /{page-id}/assigned_users with `user` and `tasks` ("Page Assigned Users",
//   https://developers.facebook.com/docs/graph-api/reference/page/assigned_users/; Page.create_assigned_user,
//   tasks list<Page.Tasks>).
// The tasks of each catalog role are the partner tasks of meta-roles.ts (the same words on both edges).
import {
  ConnectorError,
  type AgencyPerson,
  type AssignPeopleInput,
  type PersonAssignment,
} from "@/lib/infra/connectors/connector";
import { shownGraphMessage } from "@/lib/infra/connectors/meta/meta-errors";
import type { MetaGraph } from "@/lib/infra/connectors/meta/meta-graph";
import { partnerTasks } from "@/lib/infra/connectors/meta/meta-roles";

type PersonNode = { id: string; name?: string; email?: string };

export async function listMetaAgencyPeople(
  graph: MetaGraph,
  input: { accessToken: string; businessId: string },
): Promise<AgencyPerson[]> {
  const users = await graph.list<PersonNode>(input.accessToken, `${input.businessId}/business_users`, {
    fields: "id,name,email",
  });
  const system = await graph.list<PersonNode>(input.accessToken, `${input.businessId}/system_users`, {
    fields: "id,name",
  });
  return [
    ...users.map((u) => ({
      id: u.id,
      name: u.name ?? u.email ?? u.id,
      email: u.email ?? null,
      kind: "business_user" as const,
    })),
    ...system.map((u) => ({ id: u.id, name: u.name ?? u.id, email: null, kind: "system_user" as const })),
  ];
}

export async function assignMetaPeople(graph: MetaGraph, input: AssignPeopleInput): Promise<PersonAssignment[]> {
  if (input.serviceId !== "meta_ads" && input.serviceId !== "meta_page")
    throw new ConnectorError("server_error", `Meta assigns no people on ${input.serviceId}`);
  const out: PersonAssignment[] = [];
  for (const person of input.people) {
    const tasks = partnerTasks(input.serviceId, person.role);
    if (!tasks) throw new ConnectorError("server_error", `No Meta tasks for ${input.serviceId} role ${person.role}`);
    const res = await graph.call<{ success?: boolean }>(input.accessToken, "POST", `${input.assetId}/assigned_users`, {
      user: person.id,
      tasks: JSON.stringify(tasks),
    });
    out.push(
      res.ok
        ? { personId: person.id, ok: true, error: null }
        : { personId: person.id, ok: false, error: shownGraphMessage(res.error, [input.accessToken]) },
    );
  }
  return out;
}
