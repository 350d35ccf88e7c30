// The thank-you page's summary: what the client shared and with whom, what they skipped,
// and what a platform refused in its own words (the errors of the service's last grant
// attempt, when that attempt left some of it unshared).
import { getDb } from "@/lib/infra/db/db";
import { getPlatform } from "@/lib/core/catalog/catalog";
import type { AccessPlatformView } from "@/lib/surfaces/client-pages/load-access-page";

export interface ShareSummary {
  granted: { serviceId: string; platform: string; service: string; platformName: string; assets: string[] }[];
  skipped: { serviceId: string; service: string }[];
  refused: { platform: string; platformName: string; errors: string[] }[];
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

export async function loadShareSummary(opts: {
  agencyId: string;
  requestId: string;
  /** the page's services, already named in the client's language */
  platforms: AccessPlatformView[];
}): Promise<ShareSummary> {
  const db = await getDb();
  const attempts = await db.event.findMany({
    where: { agencyId: opts.agencyId, requestId: opts.requestId, type: "connection.attempt_completed", test: false },
    select: { body: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  // the last attempt per platform decides: an earlier refusal since granted is not news
  const lastByPlatform = new Map<string, string[]>();
  for (const row of attempts) {
    let body: AttemptBody = {};
    try {
      body = JSON.parse(row.body) as AttemptBody;
    } catch {
      continue;
    }
    const a = body.data?.attempt;
    if (typeof a?.platform !== "string") continue;
    const errors = [...strings(a.errors), ...(a.services ?? []).flatMap((s) => strings(s.errors))];
    lastByPlatform.set(a.platform, a.outcome === "success" ? [] : [...new Set(errors)]);
  }
  const name = (platform: string) =>
    opts.platforms.find((p) => p.platform === platform)?.name ?? getPlatform(platform)?.name ?? platform;
  const services = opts.platforms.flatMap((p) =>
    p.services.map((s) => ({ ...s, platform: p.platform, platformName: p.name })),
  );
  return {
    granted: services
      .filter((s) => s.status === "granted")
      .map((s) => ({
        serviceId: s.serviceId,
        platform: s.platform,
        service: s.name,
        platformName: s.platformName,
        assets: s.grantedAssets,
      })),
    skipped: services.filter((s) => s.status === "skipped").map((s) => ({ serviceId: s.serviceId, service: s.name })),
    refused: [...lastByPlatform.entries()]
      .filter(([, errors]) => errors.length > 0)
      .map(([platform, errors]) => ({ platform, platformName: name(platform), errors })),
  };
}
