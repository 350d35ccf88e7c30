// What a link says once the client can do nothing more: cancelled, expired, or
// complete (the thank-you, then the agency's redirect when it set one).
import type { RequestStatus } from "@/lib/core/domain/request-state";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { NotifyParentOfCompletion } from "@/components/access/window-bridge";
import { primaryButton } from "@/components/access/styles";

export const REDIRECT_SECONDS = 5;

export function FinalState(props: {
  locale: Locale;
  status: Extract<RequestStatus, "cancelled" | "expired" | "completed">;
  agencyName: string;
  thankYouMessage: string | null;
  redirectUrl: string | null;
  embedded: boolean;
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
      {props.redirectUrl && !props.embedded ? <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=${props.redirectUrl}`} /> : null}
      {props.embedded ? <NotifyParentOfCompletion redirectUrl={props.redirectUrl} /> : null}
      <h1 className="whitespace-pre-line text-2xl font-semibold">{props.thankYouMessage ?? t(locale, "thankYou.default", { agency: props.agencyName })}</h1>
      <p className="mt-3 text-slate-700">{t(locale, "final.completed.body")}</p>
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
