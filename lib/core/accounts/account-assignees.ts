// Storing who of the agency receives assets newly shared with one of its connected accounts,
// and reading the agency's people from the platform with the account's own token. The rules
// are in assignee-rules.ts.
import type { z } from "zod";
import { notFound } from "@/lib/core/common/api-error";
import { openAgencyToken } from "@/lib/core/request-records/granted-assets";
import {
  ASSIGNABLE_ROLES,
  checkAssignees,
  readAssignees,
  type AgencyPeopleList,
  type TAssignee,
  type ZSetAssigneesBody,
} from "@/lib/core/accounts/assignee-rules";
import { isConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import { getDb } from "@/lib/infra/db/db";

async function loadAccount(agencyId: string, internalAccountId: string) {
  const db = await getDb();
  const row = await db.connectedAccount.findFirst({ where: { agencyId, internalAccountId } });
  if (!row) throw notFound("Connected account");
  return row;
}

export async function setAccountAssignees(opts: {
  agencyId: string;
  input: z.infer<typeof ZSetAssigneesBody>;
}): Promise<{ internalAccountId: string; assignees: TAssignee[] }> {
  const row = await loadAccount(opts.agencyId, opts.input.internalAccountId);
  const assignees = checkAssignees(row.platform, opts.input.assignees);
  const db = await getDb();
  await db.connectedAccount.update({ where: { id: row.id }, data: { assignees } });
  return { internalAccountId: row.internalAccountId, assignees };
}

/** The agency's people on the platform, read with the account's own stored token. */
export async function listAgencyPeopleOf(opts: {
  agencyId: string;
  internalAccountId: string;
  connector?: PlatformConnector;
}): Promise<AgencyPeopleList> {
  const row = await loadAccount(opts.agencyId, opts.internalAccountId);
  if (!ASSIGNABLE_ROLES[row.platform]) return { ok: false, reason: "This platform does not assign people." };
  if (!row.businessId) return { ok: false, reason: "This account has no business connected." };
  const token = openAgencyToken(row.accessToken);
  if (!token) return { ok: false, reason: "Connect this account with its platform sign-in to read its people." };
  let connector: PlatformConnector;
  try {
    connector = opts.connector ?? getConnector(row.platform);
  } catch {
    return { ok: false, reason: "This platform is not set up on this installation." };
  }
  if (!connector.listAgencyPeople) return { ok: false, reason: "The platform's people cannot be read here." };
  try {
    return { ok: true, people: await connector.listAgencyPeople({ accessToken: token, businessId: row.businessId }) };
  } catch (err) {
    // A server_error's text may carry internals; the others are safe to show.
    const shown = isConnectorError(err) && err.kind !== "server_error" ? err.message : "The platform did not answer.";
    return { ok: false, reason: shown };
  }
}

/** The setting of every connected account that can assign people, keyed by internalAccountId. */
export async function listAccountAssignees(opts: { agencyId: string }): Promise<Record<string, TAssignee[]>> {
  const db = await getDb();
  const rows = await db.connectedAccount.findMany({
    where: { agencyId: opts.agencyId, status: "connected", platform: { in: Object.keys(ASSIGNABLE_ROLES) } },
    select: { internalAccountId: true, assignees: true },
  });
  return Object.fromEntries(rows.map((r) => [r.internalAccountId, readAssignees(r.assignees)]));
}
