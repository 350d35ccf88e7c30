// The thank-you page's summary, for whoever is looking at it: what they shared and with
// whom, what they skipped, and what a platform refused them in its own words (the errors of
// the last grant attempt they made on it, when that attempt left some of their services
// unshared). A service handed to a colleague is the colleague's: the client's summary lists
// what the colleague did apart, named as theirs, and the colleague's lists only their own
// services and attempts, with what the client did on them named as the client's.
import { getDb } from "@/lib/infra/db/db";
import { getPlatform } from "@/lib/core/catalog/catalog";
import type { AccessPlatformView } from "@/lib/surfaces/client-pages/load-access-page";

export interface ShareSummary {
  granted: { serviceId: string; platform: string; service: string; platformName: string; assets: string[] }[];
  skipped: { serviceId: string; service: string }[];
  refused: { platform: string; platformName: string; errors: string[] }[];
  /** what someone other than the viewer granted or skipped, named as theirs */
  others: {
    serviceId: string;
    platform: string;
    service: string;
    platformName: string;
    by: string;
    status: "granted" | "skipped";
  }[];
}

type AttemptBody = {
  data?: {
    attempt?: {
      platform?: unknown;
      outcome?: unknown;
      errors?: unknown;
      services?: { service?: unknown; errors?: unknown }[];
    };
  };
};

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((e): e is string => typeof e === "string" && e.length > 0) : [];
}

/** Whether an attempt event was made by the viewer: attempts recorded without an actor were the client's. */
function madeBy(actor: string | null, viewerActor: string): boolean {
  return (actor ?? "client") === viewerActor;
}

export async function loadShareSummary(opts: {
  agencyId: string;
  requestId: string;
  /** the page's services, already named in the client's language */
  platforms: AccessPlatformView[];
  /** who is looking: "client", or a colleague's actor value (AccessPageView.viewerActor) */
  viewerActor?: string;
}): Promise<ShareSummary> {
  const viewerActor = opts.viewerActor ?? "client";
  const services = opts.platforms.flatMap((p) =>
    p.services.map((s) => ({ ...s, platform: p.platform, platformName: p.name })),
  );
  // The viewer's own services: on the client's page, those not handed to a colleague.
  const ownIds = new Set(services.filter((s) => s.forwardedTo === null).map((s) => s.serviceId));

  const db = await getDb();
  const attempts = await db.event.findMany({
    where: { agencyId: opts.agencyId, requestId: opts.requestId, type: "connection.attempt_completed", test: false },
    select: { body: true, actor: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  // the viewer's last attempt per platform decides: an earlier refusal since granted is not news
  const lastByPlatform = new Map<string, string[]>();
  for (const row of attempts) {
    if (!madeBy(row.actor, viewerActor)) continue;
    let body: AttemptBody = {};
    try {
      body = JSON.parse(row.body) as AttemptBody;
    } catch {
      continue;
    }
    const a = body.data?.attempt;
    if (typeof a?.platform !== "string") continue;
    const listed = (a.services ?? []).filter((s) => typeof s.service === "string");
    const theirs = listed.filter((s) => ownIds.has(s.service as string));
    // an attempt on services no longer the viewer's says nothing to them
    if (listed.length > 0 && theirs.length === 0) continue;
    const errors = [...strings(a.errors), ...theirs.flatMap((s) => strings(s.errors))];
    lastByPlatform.set(a.platform, a.outcome === "success" ? [] : [...new Set(errors)]);
  }
  const name = (platform: string) =>
    opts.platforms.find((p) => p.platform === platform)?.name ?? getPlatform(platform)?.name ?? platform;
  return {
    granted: services
      .filter((s) => s.status === "granted" && s.byOther === null)
      .map((s) => ({
        serviceId: s.serviceId,
        platform: s.platform,
        service: s.name,
        platformName: s.platformName,
        assets: s.grantedAssets,
      })),
    skipped: services
      .filter((s) => s.status === "skipped" && s.byOther === null)
      .map((s) => ({ serviceId: s.serviceId, service: s.name })),
    refused: [...lastByPlatform.entries()]
      .filter(([, errors]) => errors.length > 0)
      .map(([platform, errors]) => ({ platform, platformName: name(platform), errors })),
    others: services.flatMap((s) =>
      s.byOther !== null && (s.status === "granted" || s.status === "skipped")
        ? [
            {
              serviceId: s.serviceId,
              platform: s.platform,
              service: s.name,
              platformName: s.platformName,
              by: s.byOther,
              status: s.status,
            },
          ]
        : [],
    ),
  };
}
