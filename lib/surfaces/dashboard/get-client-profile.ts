// A client's whole picture for the client page, its CSV export and print view: every request
// with its status, every granted asset per platform with role, date and who granted it, the
// intake answers, staff notes and the activity timeline in plain language.
import { getDb } from "@/lib/infra/db/db";
import { getClientOrThrow } from "@/lib/core/clients/get-client-or-throw";
import { getCatalogService, getPlatform } from "@/lib/core/catalog/catalog";
import { listClientNotes, type TClientNote } from "@/lib/core/clients/client-notes";
import { effectiveStatus } from "@/lib/core/domain/request-state";
import { roleLabel } from "@/lib/core/catalog/catalog-messages";
import { describeEvent, describeEvents } from "@/lib/surfaces/dashboard/describe-event";
import { actorNames, describeActor, grantedByActor } from "@/lib/core/events/actor-name";
import { toCsv } from "@/lib/surfaces/dashboard/csv";
import { compareTimeline, timelineEntry } from "@/lib/core/requests/get-request-timeline";

export interface TProfileRequest {
  id: string;
  status: string;
  createdAt: string;
  completedAt: string | null;
  services: { serviceId: string; name: string; status: string }[];
}

export interface TProfileAsset {
  platform: string;
  platformName: string;
  service: string;
  assetId: string;
  assetName: string | null;
  role: string | null;
  grantedAt: string | null;
  grantedBy: string;
  requestId: string;
}

export interface TProfileAnswer {
  requestId: string;
  question: string;
  answer: string;
  answeredAt: string;
}

export interface TProfileActivity {
  id: string;
  text: string;
  tone: "good" | "bad" | "neutral";
  createdAt: string;
}

export interface TClientProfile {
  requests: TProfileRequest[];
  assets: TProfileAsset[];
  answers: TProfileAnswer[];
  notes: TClientNote[];
  activity: TProfileActivity[];
}

type StoredAsset = { id?: unknown; name?: unknown; accessLevel?: unknown };

/** A role as the catalog names it ("Standard", "Admin"); the raw value only when the catalog has no label. */
function roleText(serviceId: string, accessLevel: string | null): string | null {
  if (!accessLevel) return null;
  return roleLabel("en", serviceId, accessLevel) ?? accessLevel;
}

export async function getClientProfile(opts: { agencyId: string; id: string; now?: Date }): Promise<TClientProfile> {
  const now = opts.now ?? new Date();
  const client = await getClientOrThrow(opts);
  const db = await getDb();
  const requests = await db.accessRequest.findMany({
    where: { agencyId: opts.agencyId, clientId: client.id, isDemo: false },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: {
      services: { orderBy: { position: "asc" } },
      intakeAnswers: { orderBy: { createdAt: "asc" } },
      forwards: { select: { email: true } },
    },
    take: 500,
  });
  // a colleague's grant holds their plain email: made a colleague actor by the request's forwards
  const grantedBy = (r: (typeof requests)[number], value: string | null) =>
    grantedByActor(
      value,
      r.forwards.map((f) => f.email),
    );
  const staff = await actorNames(
    db,
    opts.agencyId,
    requests.flatMap((r) => r.services.map((s) => grantedBy(r, s.grantedBy))),
  );
  const assets: TProfileAsset[] = [];
  for (const r of requests) {
    for (const s of r.services) {
      if (s.status !== "granted") continue;
      const platformName = getPlatform(s.platform)?.name ?? s.platform;
      const service = getCatalogService(s.serviceId)?.name ?? s.serviceId;
      const list = Array.isArray(s.grantedAssets) ? (s.grantedAssets as StoredAsset[]) : [];
      const base = {
        platform: s.platform,
        platformName,
        service,
        grantedAt: s.grantedAt?.toISOString() ?? null,
        grantedBy: describeActor(grantedBy(r, s.grantedBy), { clientName: client.name, names: staff }).byline,
        requestId: r.id,
      };
      if (list.length === 0) {
        // granted without a read-back (manual steps, marked by the team): the service itself is the asset
        assets.push({ ...base, assetId: "", assetName: null, role: roleText(s.serviceId, s.accessLevel) });
      }
      for (const a of list) {
        assets.push({
          ...base,
          assetId: typeof a.id === "string" ? a.id : "",
          assetName: typeof a.name === "string" ? a.name : null,
          role: roleText(s.serviceId, typeof a.accessLevel === "string" ? a.accessLevel : s.accessLevel),
        });
      }
    }
  }
  assets.sort(
    (a, b) => a.platformName.localeCompare(b.platformName) || (b.grantedAt ?? "").localeCompare(a.grantedAt ?? ""),
  );

  const answers: TProfileAnswer[] = requests.flatMap((r) =>
    r.intakeAnswers.map((a) => ({
      requestId: r.id,
      question: a.questionLabel,
      answer: Array.isArray(a.value) ? (a.value as unknown[]).map(String).join(", ") : String(a.value ?? ""),
      answeredAt: a.createdAt.toISOString(),
    })),
  );

  const rows = await db.event.findMany({
    where: {
      agencyId: opts.agencyId,
      OR: [
        { requestId: { in: requests.map((r) => r.id) } },
        { requestId: null, type: "client.created", body: { contains: `"id":"${client.id}"` } },
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    select: { id: true, type: true, body: true, createdAt: true, actor: true, requestId: true },
  });
  // newest first in the request timeline's order: one action's events share a time, so its
  // state version and closing events order them (a grant before the completion it causes)
  const events = rows
    .map((e) => ({ e, entry: timelineEntry(e) }))
    .sort((a, b) => compareTimeline(b.entry, a.entry))
    .map(({ e }) => e);
  // described oldest first per request, so a reopening reads as one; listed newest first
  const staffActors = await actorNames(
    db,
    opts.agencyId,
    events.map((e) => e.actor),
  );
  const oldestFirst = [...events].reverse();
  const described = new Map<string, ReturnType<typeof describeEvent>>();
  for (const requestId of new Set(oldestFirst.map((e) => e.requestId))) {
    const own = oldestFirst.filter((e) => e.requestId === requestId);
    describeEvents(own, client.name, (a) => describeActor(a, { clientName: client.name, names: staffActors })).forEach(
      (d, i) => described.set(own[i]!.id, d),
    );
  }
  const activity = events.map((e) => ({ id: e.id, ...described.get(e.id)!, createdAt: e.createdAt.toISOString() }));

  return {
    requests: requests.map((r) => ({
      id: r.id,
      status: effectiveStatus({ status: r.status, expiresAt: r.expiresAt }, now),
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
      services: r.services.map((s) => ({
        serviceId: s.serviceId,
        name: getCatalogService(s.serviceId)?.name ?? s.serviceId,
        status: s.status,
      })),
    })),
    assets,
    answers,
    notes: await listClientNotes({ agencyId: opts.agencyId, clientId: client.id }),
    activity,
  };
}

/** One client's access as CSV: one row per granted asset. */
export async function exportClientAccessCsv(opts: {
  agencyId: string;
  id: string;
}): Promise<{ filename: string; body: string }> {
  const client = await getClientOrThrow(opts);
  const profile = await getClientProfile(opts);
  const body = toCsv(
    [
      "Client",
      "Client email",
      "Platform",
      "Service",
      "Asset ID",
      "Asset name",
      "Role",
      "Granted at",
      "Granted by",
      "Request ID",
    ],
    profile.assets.map((a) => [
      client.name,
      client.email,
      a.platformName,
      a.service,
      a.assetId,
      a.assetName,
      a.role,
      a.grantedAt,
      a.grantedBy,
      a.requestId,
    ]),
  );
  const slug =
    client.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "client";
  return { filename: `access-${slug}-${new Date().toISOString().slice(0, 10)}.csv`, body };
}
