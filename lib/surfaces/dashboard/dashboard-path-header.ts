// The request header on which the proxy hands a dashboard page its own path and query (a
// server layout is not told its URL); read by sign-in-redirect.ts. A browser's own value is
// dropped by the proxy before it sets this one.
export const DASHBOARD_PATH_HEADER = "x-dashboard-path";

/** True for the dashboard's pages, whose requests carry DASHBOARD_PATH_HEADER. */
export function isDashboardPagePath(pathname: string): boolean {
  return pathname === "/dashboard" || pathname.startsWith("/dashboard/");
}
