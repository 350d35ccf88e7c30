// The client's removal link (`/r/{token}`): what the agency's access is on one platform,
// "Sign in with <platform>", then "Confirm and remove access", then what happened. In the
// client's language, in the invite pages' frame. Viewing changes nothing; the link is
// spent only by the confirmation. Plain HTML from the route handler (route.ts).
import type { SearchParams } from "@/app/(client)/_components/client-page-response";
import { AccessShell } from "@/components/client-pages/access-shell";
import { MessageBox } from "@/components/client-pages/message-box";
import { PlatformLogo } from "@/components/ui/platform-logo";
import { accentColors } from "@/lib/surfaces/client-pages/accent-color";
import type { RemovalPage as RemovalPageView } from "@/lib/surfaces/client-pages/removal/removal-link-flow";
import { removalText, type RemovalMessageKey } from "@/lib/infra/i18n/removal-messages";

const ERRORS: Record<string, RemovalMessageKey> = {
  denied: "page.error.denied",
  generic: "page.error.generic",
  expired: "page.error.expired",
  unavailable: "page.error.unavailable",
  nothing: "page.nothing",
  site_rejected: "page.error.siteRejected",
  site_unavailable: "page.error.siteUnavailable",
};

export function RemovalLinkPage({ token, page, query }: { token: string; page: RemovalPageView; query: SearchParams }) {
  const { locale, platformName } = page;
  const v = { agency: page.agencyName, platform: platformName };
  const errorKey = query.error && Object.hasOwn(ERRORS, query.error) ? ERRORS[query.error] : undefined;

  return (
    <AccessShell
      locale={locale}
      agency={{ name: page.agencyName, logoUrl: null, accent: accentColors(page.accentColor) }}
      chrome
    >
      <div className="flex items-center gap-3">
        <PlatformLogo platform={page.platform} />
        <h1 className="text-2xl font-bold tracking-tight">{removalText(locale, "page.title", v)}</h1>
      </div>
      <div className="mt-4">
        {errorKey && page.state !== "completed" ? (
          <MessageBox tone="error">{removalText(locale, errorKey)}</MessageBox>
        ) : null}
      </div>

      {page.state === "expired" ? <MessageBox tone="warning">{removalText(locale, "page.expired")}</MessageBox> : null}

      {page.state === "completed" && page.result ? (
        <section aria-labelledby="removal-result">
          <h2 id="removal-result" className="text-lg font-semibold">
            {removalText(locale, "page.done")}
          </h2>
          <ul className="mt-3 space-y-2">
            {page.result.removed.map((r) => (
              <li
                key={`ok-${r.serviceId}-${r.assetId}`}
                className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm"
              >
                <span className="font-medium">{removalText(locale, "page.removed")}:</span> {r.name ?? r.assetId}
              </li>
            ))}
            {page.result.failed.map((r) => (
              <li
                key={`no-${r.serviceId}-${r.assetId}`}
                className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
              >
                <span className="font-medium">{removalText(locale, "page.notRemoved")}:</span> {r.name ?? r.assetId}:{" "}
                {r.detail}
              </li>
            ))}
          </ul>
          {page.result.receipt ? (
            <p className="mt-4">
              <a
                href={new URL(page.result.receipt.url).pathname}
                className="font-medium underline underline-offset-2"
                data-testid="receipt-link"
              >
                {removalText(locale, "page.receipt")}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}

      {page.state === "open" || page.state === "signed_in" ? (
        page.targets.length === 0 ? (
          <MessageBox tone="success">{removalText(locale, "page.nothing")}</MessageBox>
        ) : (
          <>
            <p className="text-slate-700">
              {removalText(locale, page.approvesOnSite ? "page.siteIntro" : "page.intro", v)}
            </p>
            <section aria-labelledby="removal-list" className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
              <h2 id="removal-list" className="font-semibold">
                {removalText(locale, "page.listLabel")}
              </h2>
              <ul className="mt-2 space-y-3">
                {page.targets.map((t) => (
                  <li key={`${t.requestId}-${t.serviceId}`}>
                    <p className="text-sm font-medium">{t.serviceName}</p>
                    <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
                      {t.assets.map((a) => (
                        <li key={a.id}>{a.name ? `${a.name} (${a.id})` : a.id}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </section>
            {page.state === "open" ? (
              <a
                href={`/api/access/removal/${encodeURIComponent(token)}/start`}
                className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-[var(--accent)] px-5 py-2.5 font-semibold text-[var(--accent-fg)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
              >
                {page.approvesOnSite
                  ? removalText(locale, "page.approveOnSite")
                  : removalText(locale, "page.signIn", v)}
              </a>
            ) : (
              <form method="post" action={`/api/access/removal/${encodeURIComponent(token)}/confirm`} className="mt-6">
                <p className="mb-3 text-sm text-slate-700">{removalText(locale, "page.signedIn", v)}</p>
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
                >
                  {removalText(locale, "page.confirm")}
                </button>
              </form>
            )}
          </>
        )
      ) : null}
    </AccessShell>
  );
}
