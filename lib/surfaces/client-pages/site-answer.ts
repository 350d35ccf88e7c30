// The answer a client's own site sends back after its approval page (site-approval.ts for a
// grant, removal/site-removal.ts for a removal): approved, declined or nonsense. A decline has
// its own address: WordPress sends the browser to an explicit reject_url exactly as given and
// adds `success=false` only to success_url when no reject_url is given
// (src/wp-admin/authorize-application.php; auth-app.js sends the browser to authApp.reject as is).
import type { Site, SiteApprovalPlatform } from "@/lib/infra/connectors/site-registry";

const DECLINED = "declined";

/** Where the site sends a decline: our callback, marked as declined. */
export function declineUrl(backUrl: string): string {
  return `${backUrl}${backUrl.includes("?") ? "&" : "?"}${DECLINED}=1`;
}

export type SiteAnswer = ReturnType<SiteApprovalPlatform["readApproval"]>;

/** The site's answer; a decline is the client's choice, whatever else the query carries. */
export function readSiteAnswer(
  platform: SiteApprovalPlatform,
  query: Record<string, string | undefined>,
  site: Site,
): SiteAnswer {
  const answer = platform.readApproval(query, site);
  if (query[DECLINED] !== "1") return answer;
  const issued = answer.ok ? { userLogin: answer.userLogin, password: answer.password } : answer.issued;
  return { ok: false, reason: "rejected", ...(issued ? { issued } : {}) };
}

/** Credentials the site issued that are not to be used (a refused answer, or one left unused): to give up. */
export function heldCredentials(answer: SiteAnswer, used: boolean): { userLogin: string; password: string } | null {
  if (answer.ok) return used ? null : answer;
  return answer.issued ?? null;
}
