// A client met one-click services whose platform is not set up on this installation
// (no credentials and no sandbox). The client page shows a "your agency still has to
// set this up" message instead of a button that can only fail; here the agency hears of
// it: the dashboard lists the platforms, and the owners get one email per platform a
// day at most.
import { getDb } from "@/lib/infra/db/db";
import { getPlatform } from "@/lib/core/catalog/catalog";
import { env } from "@/lib/infra/env";

const EMAIL_EVERY_MS = 24 * 60 * 60 * 1000;
/** How fresh the dashboard's "last seen" is kept: a notice seen less than this ago is not rewritten. */
export const SEEN_PRECISION_MS = 60 * 1000;
/** Notices older than this are not shown any more: nobody has been waiting on the platform. */
export const NOTICE_SHOWN_FOR_MS = 30 * 24 * 60 * 60 * 1000;

export interface KnownSetupNotice {
  platform: string;
  lastSeenAt: Date;
  lastEmailedAt: Date | null;
}

export async function notePlatformSetupNeeded(opts: {
  agencyId: string;
  platforms: readonly string[];
  now?: Date;
  /** the agency's notices as the caller already read them (the client page's one query); read here when absent */
  known?: readonly KnownSetupNotice[];
}): Promise<{ emailed: string[] }> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const emailed: string[] = [];
  const platforms = [...new Set(opts.platforms)];
  // Every view of such a client page comes here: read first, and write only what changed
  // (a notice not seen for a minute, an email due), so page views do not write each time.
  const known = new Map(
    (
      opts.known ??
      (await db.platformSetupNotice.findMany({
        where: { agencyId: opts.agencyId, platform: { in: platforms } },
        select: { platform: true, lastSeenAt: true, lastEmailedAt: true },
      }))
    ).map((n) => [n.platform, n]),
  );
  for (const platform of platforms) {
    const notice = known.get(platform);
    if (!notice || notice.lastSeenAt.getTime() < now.getTime() - SEEN_PRECISION_MS) {
      await db.platformSetupNotice.upsert({
        where: { agencyId_platform: { agencyId: opts.agencyId, platform } },
        create: { agencyId: opts.agencyId, platform, lastSeenAt: now },
        update: { lastSeenAt: now },
      });
    }
    const due = (at: Date | null) => at === null || at.getTime() < now.getTime() - EMAIL_EVERY_MS;
    if (notice && !due(notice.lastEmailedAt)) continue;
    // Claim today's email atomically, so two page loads at once send one email.
    const claimed = await db.platformSetupNotice.updateMany({
      where: {
        agencyId: opts.agencyId,
        platform,
        OR: [{ lastEmailedAt: null }, { lastEmailedAt: { lt: new Date(now.getTime() - EMAIL_EVERY_MS) } }],
      },
      data: { lastEmailedAt: now },
    });
    if (claimed.count !== 1) continue;
    const owners = await db.membership.findMany({
      where: { agencyId: opts.agencyId, role: "owner" },
      select: { user: { select: { email: true } } },
    });
    const name = getPlatform(platform)?.name ?? platform;
    const url = `${env().appUrl}/dashboard/accounts`;
    const subject = `A client is waiting for ${name} to be set up`;
    const text = `A client opened an access request with ${name} services, but ${name} is not set up on this installation yet, so the client cannot grant access to it.\n\nAsk your administrator to configure ${name} (see docs/platforms.md), then the client can come back to the same link.\n\n${url}\n`;
    const html = `<p>A client opened an access request with ${name} services, but ${name} is not set up on this installation yet, so the client cannot grant access to it.</p><p>Ask your administrator to configure ${name} (see docs/platforms.md); the client can then come back to the same link.</p><p><a href="${url}">Open connected accounts</a></p>`;
    for (const o of owners) {
      await db.email.create({
        data: {
          agencyId: opts.agencyId,
          kind: "platform_setup",
          to: o.user.email,
          subject,
          text,
          html,
          createdAt: now,
        },
      });
    }
    emailed.push(platform);
  }
  return { emailed };
}

export async function listPlatformSetupNotices(opts: {
  agencyId: string;
  now?: Date;
}): Promise<{ platform: string; name: string; lastSeenAt: Date }[]> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const rows = await db.platformSetupNotice.findMany({
    where: { agencyId: opts.agencyId, lastSeenAt: { gte: new Date(now.getTime() - NOTICE_SHOWN_FOR_MS) } },
    orderBy: { lastSeenAt: "desc" },
  });
  return rows.map((r) => ({
    platform: r.platform,
    name: getPlatform(r.platform)?.name ?? r.platform,
    lastSeenAt: r.lastSeenAt,
  }));
}
