// A removal link for a platform whose sites the client approves (the site-approval platforms
// of lib/infra/connectors/site-registry.ts): instead of "Sign in with <platform>", the client
// approves our app on their site once more, and that approval is the confirmation. Two steps,
// like the site approval of a grant (site-approval.ts):
//
// 1. start (GET /api/access/removal/{token}/start): the site is asked through the webhooks'
//    safe sender whether it still offers application passwords; a single-use nonce is put on
//    the link and the client is sent to the site's approval page, with our callback as
//    success_url (and the same, marked as declined, as reject_url: site-answer.ts) and a signed
//    state naming the link, the site and the app id.
// 2. finish (GET /api/access/site-approval, the same callback as grants): the nonce is spent,
//    the link is spent, the agency's user deleted from the site and read back as gone, the
//    application password deleted whatever happened, and the removal recorded with a receipt.
//    A decline on the site spends the nonce only: the client may try again. An answer naming
//    another site is refused, and the password it carries given up on the site.
//
// One approval covers one site: a client with several sites granted on one platform is sent
// to the first; the agency sends another link for the next.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { removeAccessOnSite } from "@/lib/core/access-checks/remove-access-on-site";
import { removalLinkStatus } from "@/lib/core/removal-links/list-removal-links";
import type { RemovalTarget } from "@/lib/core/removal-links/removal-targets";
import { newNonce } from "@/lib/infra/connectors/oauth-state";
import { siteApprovalPlatform } from "@/lib/infra/connectors/site-registry";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { decryptText, openSigned, signValue } from "@/lib/infra/secrets/crypto";
import { appSecret, loadSecrets } from "@/lib/infra/secrets/secrets";
import { GRANT_SESSION_MINUTES } from "@/lib/surfaces/client-pages/platform-connector";
import { declineUrl, heldCredentials, readSiteAnswer } from "@/lib/surfaces/client-pages/site-answer";

const PURPOSE = "site-removal";
const CALLBACK_PATH = "/api/access/site-approval";

const ZState = z.strictObject({
  v: z.literal(1),
  linkId: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  site: z.string().min(1).max(2048),
  appId: z.string().uuid(),
  exp: z.number().int().nonnegative(),
});
type SiteRemovalState = z.infer<typeof ZState>;

function siteOf(url: string) {
  return { url, allowLoopback: env().WEBHOOK_ALLOW_LOOPBACK };
}

export type SiteRemovalStep = { ok: true; location: string } | { ok: false; error: "unavailable" | "site_unavailable" };

/** Step 1: the site's approval page for the link's first site, or why not. */
export async function startSiteRemoval(opts: {
  link: { id: string; platform: string; agency: { name: string } };
  targets: RemovalTarget[];
  now: Date;
}): Promise<SiteRemovalStep> {
  const platform = siteApprovalPlatform(opts.link.platform);
  const site = opts.targets[0]?.assets[0]?.id;
  if (!platform || !site) return { ok: false, error: "unavailable" };
  const found = await platform.discover(siteOf(site));
  if (!found.ok) return { ok: false, error: "site_unavailable" };
  const nonce = newNonce();
  const sessionExpiresAt = new Date(opts.now.getTime() + GRANT_SESSION_MINUTES * 60_000);
  await (
    await getDb()
  ).removalLink.update({
    where: { id: opts.link.id },
    data: { nonce, sessionExpiresAt, clientToken: null, status: "sent" },
  });
  const state: SiteRemovalState = {
    v: 1,
    linkId: opts.link.id,
    nonce,
    site,
    appId: randomUUID(),
    exp: sessionExpiresAt.getTime(),
  };
  const back = `${env().appUrl}${CALLBACK_PATH}?state=${encodeURIComponent(signValue(PURPOSE, state, appSecret()))}`;
  return {
    ok: true,
    location: platform.approvalUrl(found.authorizeUrl, {
      appName: opts.link.agency.name.slice(0, 100) || "Access request",
      appId: state.appId,
      backUrl: back,
      declineUrl: declineUrl(back),
    }),
  };
}

export type FinishedSiteRemoval =
  /** the state is not a removal's: the grant's callback handles it */
  | { kind: "not_removal" }
  /** signed as a removal's but naming no link: there is no page to go back to */
  | { kind: "invalid" }
  | { kind: "back"; location: string };

/** Step 2: the site's answer on our callback; the removal made and recorded. */
export async function finishSiteRemoval(
  query: Record<string, string | undefined>,
  now: Date = new Date(),
): Promise<FinishedSiteRemoval> {
  const opened = openSigned(PURPOSE, query.state, appSecret());
  if (!opened.ok) return { kind: "not_removal" };
  const parsed = ZState.safeParse(opened.value);
  if (!parsed.success) return { kind: "invalid" };
  const state = parsed.data;
  const db = await getDb();
  const link = await db.removalLink.findUnique({
    where: { id: state.linkId },
    include: { client: { select: { email: true } } },
  });
  const platform = link ? siteApprovalPlatform(link.platform) : undefined;
  const token = link ? decryptText(link.tokenSealed, loadSecrets().encryptionKey) : null;
  if (!link || !platform || !token) return { kind: "invalid" };
  const back = (params: Record<string, string>): FinishedSiteRemoval => ({
    kind: "back",
    location: `/r/${token}${Object.keys(params).length ? `?${new URLSearchParams(params).toString()}` : ""}`,
  });
  const site = siteOf(state.site);
  const approval = readSiteAnswer(platform, query, site);
  // whatever happens next, a password the site gave us is not kept
  let used = false;
  try {
    // the nonce is spent here, whatever happens next
    const claimed = await db.removalLink.updateMany({
      where: { id: link.id, nonce: state.nonce },
      data: { nonce: null },
    });
    if (claimed.count !== 1) return back({ error: "generic" });
    if (now.getTime() >= state.exp || removalLinkStatus(link, now) !== "sent") return back({ error: "expired" });
    if (!approval.ok) return back({ error: approval.reason === "rejected" ? "site_rejected" : "generic" });
    // approving on the site is the confirmation: the link is spent by it, once
    const spent = await db.removalLink.updateMany({
      where: { id: link.id, status: "sent" },
      data: { status: "completed", completedAt: now, clientToken: null },
    });
    if (spent.count !== 1) return back({ error: "expired" });
    const outcome = await removeAccessOnSite({
      agencyId: link.agencyId,
      clientId: link.clientId,
      platform: link.platform,
      site: state.site,
      removedBy: `client:${link.client.email}`,
      now,
      remove: async (agencyEmails) => {
        used = true;
        const { removed, passwordDeleted } = await platform.remove({
          site,
          approval,
          appId: state.appId,
          agencyEmails,
        });
        if (!passwordDeleted)
          log().warn({ site: state.site }, "site removal: the application password was not deleted");
        return removed;
      },
    });
    const name = state.site.replace(/^https?:\/\//, "");
    await db.removalLink.update({
      where: { id: link.id },
      data: {
        result: {
          removed: outcome.removed.map((r) => ({ serviceId: r.serviceId, assetId: r.assetId, name })),
          failed: outcome.failed.map((r) => ({ serviceId: r.serviceId, assetId: r.assetId, name, detail: r.detail })),
          receipt: outcome.receipt ?? null,
        },
      },
    });
    return back({});
  } finally {
    const held = heldCredentials(approval, used);
    if (held) await platform.release({ site, approval: held, appId: state.appId });
  }
}
