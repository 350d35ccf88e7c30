"use client";
// The agency this tab shows travels with every server action and dashboard fetch the tab
// makes (header X-Dashboard-Agency), so an action runs against the agency the user chose
// here, not whichever one the shared session cookie names after a switch in another tab or
// the user's removal from it (lib/surfaces/dashboard/dashboard-context.ts checks it against
// the user's memberships). Next.js posts server actions with fetch and offers no hook to
// add a header, so the tab's fetch is wrapped once; the agency follows the rendered page.
import { useEffect } from "react";
import { TAB_AGENCY_HEADER } from "@/lib/surfaces/dashboard/tab-agency-header";

const state = { agencyId: "", installed: false };

function install() {
  if (state.installed || typeof window === "undefined") return;
  state.installed = true;
  const original = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const ours =
      url.origin === window.location.origin &&
      (headers.has("next-action") || url.pathname.startsWith("/api/dashboard/"));
    if (!ours || !state.agencyId) return original(input, init);
    headers.set(TAB_AGENCY_HEADER, state.agencyId);
    return original(input, { ...init, headers });
  };
}

function showAgency(agencyId: string) {
  state.agencyId = agencyId;
  install();
}

export function TabAgency({ agencyId }: { agencyId: string }) {
  useEffect(() => showAgency(agencyId), [agencyId]);
  return null;
}
