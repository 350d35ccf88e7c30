/** The header a dashboard tab's actions and fetches carry: the agency that tab shows. */
export const TAB_AGENCY_HEADER = "x-dashboard-agency";
