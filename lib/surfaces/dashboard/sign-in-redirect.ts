// Where a dashboard page without a live session sends the browser: to sign-in, with the page
// it asked for (path and query) to come back to. The proxy passes the page's path and query
// on a request header (a server layout is not told its URL), so the answer is a real HTTP
// redirect, decided before the response starts, and never a 200 with an empty page.
import { headers } from "next/headers";
import { safeCallbackUrl } from "@/lib/surfaces/dashboard/safe-callback-url";
import { DASHBOARD_PATH_HEADER, isDashboardPagePath } from "@/lib/surfaces/dashboard/dashboard-path-header";

/** The sign-in page's URL that brings the user back to the page this request asked for. */
export async function signInUrlForThisPage(): Promise<string> {
  let asked: string | null = null;
  try {
    asked = (await headers()).get(DASHBOARD_PATH_HEADER);
  } catch {
    asked = null; // outside a request
  }
  const back = safeCallbackUrl(asked, "/dashboard");
  return `/login?callbackUrl=${encodeURIComponent(isDashboardPagePath(back.split(/[?#]/)[0]!) ? back : "/dashboard")}`;
}
