// What a link says once the client can do nothing more: cancelled, expired, or
// complete (the thank-you, then the agency's redirect when it set one).
import type { RequestStatus } from "@/lib/core/domain/request-state";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { forwardText } from "@/lib/infra/i18n/forward-messages";
import type { ShareSummary } from "@/lib/surfaces/client-pages/load-share-summary";
import { NotifyParentOfCompletion } from "@/components/client-pages/window-bridge";
import { RedirectAfter } from "@/components/client-pages/redirect-after";
import { primaryButton } from "@/components/client-pages/styles";
import { PlatformLogo } from "@/components/ui/platform-logo";

/** What someone other than the viewer did (the colleague a service went to, or the client), named as theirs. */
function Others({ locale, others }: { locale: Locale; others: ShareSummary["others"] }) {
  if (others.length === 0) return null;
  return (
    <section
      className="mx-auto mt-4 max-w-md rounded-xl border border-slate-200 bg-white p-4 text-left"
      aria-labelledby="share-summary-others"
      data-testid="share-summary-others"
    >
      <h2 id="share-summary-others" className="text-base font-semibold">
        {forwardText(locale, "summary.othersHeading")}
      </h2>
      <ul className="mt-3 space-y-3 text-sm">
        {others.map((o) => (
          <li key={o.serviceId} className="flex gap-2" data-summary={`other-${o.status}`}>
            <PlatformLogo platform={o.platform} />
            <p className="min-w-0 break-words">
              {o.status === "granted"
                ? forwardText(locale, "summary.otherGranted", {
                    name: o.by,
                    service: o.service,
                    platform: o.platformName,
                  })
                : forwardText(locale, "summary.otherSkipped", { name: o.by, service: o.service })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Summary({ locale, agencyName, summary }: { locale: Locale; agencyName: string; summary: ShareSummary }) {
  if (summary.granted.length === 0 && summary.skipped.length === 0 && summary.refused.length === 0) return null;
  return (
    <section
      className="mx-auto mt-8 max-w-md rounded-xl border border-slate-200 bg-white p-4 text-left"
      aria-labelledby="share-summary"
      data-testid="share-summary"
    >
      <h2 id="share-summary" className="text-base font-semibold">
        {t(locale, "summary.heading", { agency: agencyName })}
      </h2>
      <ul className="mt-3 space-y-3 text-sm">
        {summary.granted.map((g) => (
          <li key={g.serviceId} className="flex gap-2" data-summary="granted">
            <PlatformLogo platform={g.platform} />
            <div className="min-w-0">
              <p className="font-medium">
                {t(locale, "summary.granted", { service: g.service, platform: g.platformName })}
              </p>
              {g.assets.length > 0 ? <p className="break-words text-slate-700">{g.assets.join(", ")}</p> : null}
            </div>
          </li>
        ))}
        {summary.skipped.map((s) => (
          <li key={s.serviceId} className="text-slate-700" data-summary="skipped">
            {t(locale, "summary.skipped", { service: s.service })}
          </li>
        ))}
        {summary.refused.map((r) => (
          <li key={r.platform} className="rounded-lg bg-amber-50 p-2 text-amber-950" data-summary="refused">
            <p>{t(locale, "summary.refused", { platform: r.platformName })}</p>
            <ul className="mt-1 list-disc pl-5">
              {r.errors.map((e, i) => (
                <li key={i} className="break-words">
                  {e}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const REDIRECT_SECONDS = 5;

export function FinalState(props: {
  locale: Locale;
  status: Extract<RequestStatus, "cancelled" | "expired" | "completed">;
  agencyName: string;
  thankYouMessage: string | null;
  redirectUrl: string | null;
  embedded: boolean;
  summary?: ShareSummary | null;
  /** the client's own access page (the invite link's owner only) */
  accessPage?: { href: string; label: string } | null;
}) {
  const { locale, status } = props;
  if (status !== "completed") {
    return (
      <section className="py-10 text-center" data-final-state={status}>
        <h1 className="text-2xl font-semibold">{t(locale, `final.${status}.title`)}</h1>
        <p className="mt-3 text-slate-700">{t(locale, `final.${status}.body`)}</p>
      </section>
    );
  }
  return (
    <section className="py-10 text-center" data-final-state="completed">
      {props.redirectUrl && !props.embedded ? (
        <RedirectAfter url={props.redirectUrl} seconds={REDIRECT_SECONDS} />
      ) : null}
      {props.embedded ? <NotifyParentOfCompletion redirectUrl={props.redirectUrl} /> : null}
      <h1 className="whitespace-pre-line text-2xl font-semibold">
        {props.thankYouMessage ?? t(locale, "thankYou.default", { agency: props.agencyName })}
      </h1>
      <p className="mt-3 text-slate-700">{t(locale, "final.completed.body")}</p>
      {props.summary ? <Summary locale={locale} agencyName={props.agencyName} summary={props.summary} /> : null}
      {props.summary ? <Others locale={locale} others={props.summary.others} /> : null}
      {props.accessPage ? (
        <p className="mt-6">
          <a href={props.accessPage.href} className="font-medium text-slate-900 underline underline-offset-2">
            {props.accessPage.label}
          </a>
        </p>
      ) : null}
      {props.redirectUrl ? (
        <div className="mt-6">
          {props.embedded ? null : <p className="text-sm text-slate-600">{t(locale, "thankYou.redirecting")}</p>}
          <a href={props.redirectUrl} target={props.embedded ? "_top" : undefined} className={`${primaryButton} mt-3`}>
            {t(locale, "action.continue")}
          </a>
        </div>
      ) : null}
    </section>
  );
}
