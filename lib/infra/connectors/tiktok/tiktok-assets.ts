// What a signed-in TikTok user can share: their Business Centers (Get Business Centers,
// GET /bc/get/, https://business-api.tiktok.com/portal/docs?id=1737115687501826) and the ad
// accounts in each (Get assets, GET /bc/asset/get/ with asset_type=ADVERTISER,
// https://business-api.tiktok.com/portal/docs?id=1739432717798401). Sharing an ad account
// with a partner is done from the Business Center that holds it, so the listing keeps
// which Business Center each ad account was found in. Only a Business Center's admins can
// add partners or invite members (Business Center roles and permissions,
// https://ads.tiktok.com/help/article/business-center-roles-and-permissions); /bc/get/ gives
// the signed-in user's `user_role` in each, so a Business Center where the client is a
// standard member, and its ad accounts, are listed as not shareable (`needs_bc_admin`)
// and never granted.
import type { Asset } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { str, tiktokCall, tiktokPaged } from "@/lib/infra/connectors/tiktok/tiktok-api";

export type TikTokBusinessCenter = { bcId: string; name: string | null; userRole: string | null };
export type TikTokAdvertiser = Asset & { bcId: string };

/** Whether the signed-in user may share from this Business Center (its admins only). */
export const isBcAdmin = (bc: TikTokBusinessCenter) => bc.userRole === "ADMIN";

export async function listBusinessCenters(http: ConnectorHttp, accessToken: string): Promise<TikTokBusinessCenter[]> {
  const rows = await tiktokPaged(http, { path: "/bc/get/", accessToken });
  const out: TikTokBusinessCenter[] = [];
  for (const row of rows) {
    const info = (row.bc_info ?? {}) as Record<string, unknown>;
    const bcId = str(info.bc_id);
    if (bcId) out.push({ bcId, name: str(info.name), userRole: str(row.user_role) });
  }
  return out;
}

/** Every ad account of the user's Business Centers, found first in one they administer. */
export async function listAdvertisers(http: ConnectorHttp, accessToken: string): Promise<TikTokAdvertiser[]> {
  const seen = new Map<string, TikTokAdvertiser>();
  const centers = await listBusinessCenters(http, accessToken);
  for (const bc of [...centers.filter(isBcAdmin), ...centers.filter((b) => !isBcAdmin(b))]) {
    const rows = await tiktokPaged(http, {
      path: "/bc/asset/get/",
      accessToken,
      query: { bc_id: bc.bcId, asset_type: "ADVERTISER" },
    });
    for (const row of rows) {
      const id = str(row.asset_id);
      if (id && !seen.has(id))
        seen.set(id, {
          id,
          name: str(row.asset_name),
          bcId: bc.bcId,
          ...(isBcAdmin(bc) ? {} : { notGrantable: "needs_bc_admin" as const }),
        });
    }
  }
  return [...seen.values()];
}

/**
 * The signed-in user (Get user info, GET /open_api/v1.3/user/info/, TikTok API for Business
 * "User" reference): `display_name` and `email`. TikTok masks the email (`j***e@example.org`),
 * so a masked one is dropped: the agency's invitation email is then entered by hand.
 */
export async function tiktokUser(
  http: ConnectorHttp,
  accessToken: string,
): Promise<{ displayName: string | null; email: string | null }> {
  const data = await tiktokCall(http, { path: "/user/info/", accessToken });
  const email = str(data.email);
  return { displayName: str(data.display_name), email: email && !email.includes("*") ? email : null };
}
