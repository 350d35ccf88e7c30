// A print-ready view of one client's access (use the browser's "Save as PDF"): details,
// granted access per platform with role, date and who granted, requests and intake answers.
import type { Metadata } from "next";
import { foundOr404 } from "@/lib/surfaces/dashboard/found-or-404";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { getClientForDashboard } from "@/lib/surfaces/dashboard/get-client-for-dashboard";
import { getClientProfile } from "@/lib/surfaces/dashboard/get-client-profile";
import { PrintButton } from "@/components/clients/print-button";
import { statusLabel } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";

export const metadata: Metadata = { title: "Client access (print)" };
export const dynamic = "force-dynamic";

/** A date through the one date component (the reader's zone, named: a printout leaves the screen). */
function when(iso: string | null) {
  return iso ? <DateTime value={iso} zone /> : "—";
}

export default async function ClientPrintPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const { id } = await params;
  const [client, profile] = await foundOr404(id, async () => [
    await getClientForDashboard({ agencyId: ctx.agencyId, id }),
    await getClientProfile({ agencyId: ctx.agencyId, id }),
  ]);
  return (
    <article className="space-y-6 bg-white text-slate-900">
      <header className="flex items-start justify-between gap-4">
        <div className="min-w-0 break-words">
          <p className="text-sm text-slate-600">{ctx.agencyName}</p>
          <h1 className="text-2xl font-semibold">Access of {client.name}</h1>
          <p className="text-sm text-slate-700">
            {[client.email, client.company, client.website].filter(Boolean).join(" · ")}
          </p>
        </div>
        <PrintButton />
      </header>
      <section aria-labelledby="print-access">
        <h2 id="print-access" className="mb-2 text-lg font-semibold">
          Granted access
        </h2>
        {profile.assets.length === 0 ? (
          <p className="text-sm">Nothing granted yet.</p>
        ) : (
          <>
            {/* on a phone's screen, one block per asset; printed (or wider), the table */}
            <ul className="space-y-2 text-sm sm:hidden print:hidden" data-testid="print-access-list">
              {profile.assets.map((a, i) => (
                <li key={i} className="border-b border-slate-200 pb-2">
                  <p className="font-medium">
                    {a.platformName} · {a.assetName ?? (a.assetId || "—")}
                  </p>
                  <p className="break-words">
                    {a.service} · {a.role ?? "—"}
                  </p>
                  <p className="break-words">
                    {when(a.grantedAt)} · {a.grantedBy}
                  </p>
                </li>
              ))}
            </ul>
            <table className="hidden w-full border-collapse text-left text-sm sm:table print:table">
              <thead>
                <tr>
                  {["Platform", "Service", "Asset", "Role", "Granted", "By"].map((h) => (
                    <th key={h} scope="col" className="border-b border-slate-400 py-1 pr-3">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {profile.assets.map((a, i) => (
                  <tr key={i} className="border-b border-slate-200">
                    <td className="py-1 pr-3">{a.platformName}</td>
                    <td className="py-1 pr-3">{a.service}</td>
                    <td className="break-words py-1 pr-3">{a.assetName ?? (a.assetId || "—")}</td>
                    <td className="py-1 pr-3">{a.role ?? "—"}</td>
                    <td className="py-1 pr-3">{when(a.grantedAt)}</td>
                    <td className="break-words py-1 pr-3">{a.grantedBy}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <section aria-labelledby="print-requests">
        <h2 id="print-requests" className="mb-2 text-lg font-semibold">
          Requests
        </h2>
        <ul className="list-disc pl-5 text-sm">
          {profile.requests.map((r) => (
            <li key={r.id}>
              {when(r.createdAt)}: {statusLabel(r.status)} (
              {r.services.map((s) => `${s.name}: ${statusLabel(s.status).toLowerCase()}`).join(", ")})
            </li>
          ))}
        </ul>
      </section>
      {profile.answers.length ? (
        <section aria-labelledby="print-intake">
          <h2 id="print-intake" className="mb-2 text-lg font-semibold">
            Intake answers
          </h2>
          <dl className="text-sm">
            {profile.answers.map((a, i) => (
              <div key={i} className="mb-1">
                <dt className="font-medium">{a.question}</dt>
                <dd>{a.answer || "—"}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <p className="text-xs text-slate-600">Printed {when(new Date().toISOString())}</p>
    </article>
  );
}
