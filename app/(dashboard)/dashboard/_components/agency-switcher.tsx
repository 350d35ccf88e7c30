"use client";
// The agency switcher for users in several agencies: changes the session's current agency
// (next-auth's session update, checked on the server against the user's memberships),
// then reloads the dashboard so no data of the previous agency stays on screen.
import { getCsrfToken } from "next-auth/react";
import { useState } from "react";
import { roleName } from "@/lib/core/auth/roles";

export function AgencySwitcher({
  current,
  agencies,
}: {
  current: string;
  agencies: { agencyId: string; name: string; role: string }[];
}) {
  const [busy, setBusy] = useState(false);
  if (agencies.length < 2) return null;
  return (
    <div className="mb-3">
      <label htmlFor="agency-switcher" className="block text-xs font-medium uppercase tracking-wide text-slate-600">
        Agency
      </label>
      <select
        id="agency-switcher"
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
        value={current}
        disabled={busy}
        onChange={async (e) => {
          const agencyId = e.target.value;
          setBusy(true);
          const csrfToken = await getCsrfToken();
          await fetch("/api/auth/session", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ csrfToken, data: { agencyId } }),
          }).catch(() => null);
          window.location.assign("/dashboard");
        }}
      >
        {agencies.map((a) => (
          <option key={a.agencyId} value={a.agencyId}>
            {a.name} ({roleName(a.role)})
          </option>
        ))}
      </select>
    </div>
  );
}
