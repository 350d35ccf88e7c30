// The platforms a client's own site approves (no app, no credentials, no sign-in): the client
// enters the site's address, approves on the site, and the grant is made with what the site
// hands back (WordPress's application passwords). One entry per platform; the platform's
// folder holds everything else. The client pages read it through site-approval.ts.
import type { AssetGrantResult, RemovedAccess } from "@/lib/infra/connectors/connector";
import {
  discoverWordPress,
  grantWordPress,
  readApproval,
  releaseWordPress,
  removeWordPress,
  wordpressApprovalUrl,
} from "@/lib/infra/connectors/wordpress/wordpress-grants";
import { parseSiteAddress } from "@/lib/infra/connectors/wordpress/wordpress-site";
import { platformMode } from "@/lib/infra/connectors/get-connector";

/** What the client reads about approving on their site, in their language. */
export { siteApprovalText } from "@/lib/infra/connectors/wordpress/wordpress-approval-messages";

/** Why one click is not offered on a site: the client pages say it in the client's language. */
export type SiteUnavailableReason = "unreachable" | "no_rest_api" | "app_passwords_off";

export type Site = { url: string; allowLoopback: boolean };

export interface SiteApprovalPlatform {
  /** the address as typed, made the site's URL, or why it cannot be one */
  parseAddress(
    raw: string,
    allowLoopback: boolean,
  ): { ok: true; url: string } | { ok: false; reason: "address" | "not_https" };
  /** whether the site offers the approval, and where its approval page is */
  discover(site: Site): Promise<{ ok: true; authorizeUrl: string } | { ok: false; reason: SiteUnavailableReason }>;
  /**
   * the approval page with our app's name and id, the URL the site sends an approval to, and
   * the URL it sends a decline to (its own, so a decline reads as the client's choice)
   */
  approvalUrl(
    authorizeUrl: string,
    input: { appName: string; appId: string; backUrl: string; declineUrl: string },
  ): string;
  /**
   * what the site sent back: credentials for this site, a rejection, or nonsense (with the
   * credentials it carries all the same, to be given up on the site)
   */
  readApproval(
    query: Record<string, string | undefined>,
    site: Site,
  ):
    | { ok: true; userLogin: string; password: string }
    | { ok: false; reason: "rejected" | "invalid"; issued?: { userLogin: string; password: string } };
  /** the agency's user granted (read back), then the credentials given up on the site */
  grant(input: {
    site: Site;
    approval: { userLogin: string; password: string };
    appId: string;
    agencyEmail: string;
  }): Promise<{ result: AssetGrantResult; passwordDeleted: boolean }>;
  /** removal, approved on the site the same way: the agency's user gone (read back), then the credentials given up */
  remove(input: {
    site: Site;
    approval: { userLogin: string; password: string };
    appId: string;
    agencyEmails: string[];
  }): Promise<{ removed: Map<string, RemovedAccess>; passwordDeleted: boolean }>;
  /** the credentials given up unused (an answer that came too late, a closed request) */
  release(input: { site: Site; approval: { userLogin: string; password: string }; appId: string }): Promise<boolean>;
}

export const SITE_APPROVAL_PLATFORMS: Readonly<Partial<Record<string, SiteApprovalPlatform>>> = {
  // Docs: https://make.wordpress.org/core/2020/11/05/application-passwords-integration-guide/
  wordpress: {
    parseAddress: (raw, allowLoopback) => parseSiteAddress(raw, allowLoopback),
    discover: discoverWordPress,
    approvalUrl: (authorizeUrl, input) =>
      wordpressApprovalUrl(authorizeUrl, {
        appName: input.appName,
        appId: input.appId,
        successUrl: input.backUrl,
        rejectUrl: input.declineUrl,
      }),
    readApproval,
    grant: grantWordPress,
    remove: removeWordPress,
    release: releaseWordPress,
  },
};

/** The site-approval platform, or undefined. */
export function siteApprovalPlatform(platform: string): SiteApprovalPlatform | undefined {
  return Object.hasOwn(SITE_APPROVAL_PLATFORMS, platform) ? SITE_APPROVAL_PLATFORMS[platform] : undefined;
}

/**
 * Whether removing the agency from this platform's sites is approved on the site by the client
 * (the removal link), as the grant was. The sandbox stands in for every platform: no real site
 * is asked there.
 */
export function siteRemovalOffered(platform: string): boolean {
  return !!siteApprovalPlatform(platform) && platformMode(platform) !== "sandbox";
}
