// One requested service on the access page: name, status, the role and the agency
// account that receives access, and what the client can do now. Every action is a link
// or a small form that works without JavaScript; in the iframe "Grant access" opens the
// platform's sign-in in a popup, since sign-in pages cannot be framed. When several
// services of one platform are waiting for a one-click grant, one "Continue with
// <platform>" above them replaces their own buttons: one sign-in covers them all.
import type { AccessPlatformView, AccessServiceView } from "@/lib/surfaces/client-pages/load-access-page";
import type { Surface } from "@/lib/surfaces/client-pages/access-http";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { PopupGrantLink } from "@/components/client-pages/window-bridge";
import { siteApprovalText } from "@/lib/infra/connectors/site-registry";
import { card, primaryButton, secondaryButton, textInput } from "@/components/client-pages/styles";

const BADGE = {
  pending: "bg-slate-100 text-slate-800",
  awaitingConfirmation: "bg-amber-100 text-amber-900",
  granted: "bg-green-100 text-green-900",
  skipped: "bg-slate-200 text-slate-700",
} as const;

function ActionForm({
  action,
  surface,
  label,
  primary,
}: {
  action: string;
  surface: Surface;
  label: string;
  primary?: boolean;
}) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="surface" value={surface} />
      <button type="submit" className={primary ? primaryButton : secondaryButton}>
        {label}
      </button>
    </form>
  );
}

function GrantLink({
  href,
  surface,
  label,
  locale,
}: {
  href: string;
  surface: Surface;
  label: string;
  locale: Locale;
}) {
  return surface === "embed" ? (
    <PopupGrantLink href={href} className={primaryButton}>
      {label}
      <span className="sr-only"> {t(locale, "service.opensNewWindow")}</span>
    </PopupGrantLink>
  ) : (
    <a href={href} className={primaryButton}>
      {label}
    </a>
  );
}

/**
 * A service the client's own site approves (WordPress): the site's address, then the site's
 * approval page. The approval page cannot be framed, so the embed opens it in a new tab.
 */
function SiteApprovalForm({
  action,
  surface,
  locale,
  serviceId,
}: {
  action: string;
  surface: Surface;
  locale: Locale;
  serviceId: string;
}) {
  const id = `site-${serviceId}`;
  return (
    <form
      method="post"
      action={action}
      target={surface === "embed" ? "_blank" : undefined}
      className="mt-3 rounded-lg bg-slate-50 p-3"
      data-testid="site-approval"
    >
      <input type="hidden" name="surface" value={surface} />
      <p className="text-sm font-semibold">{siteApprovalText(locale, "form.heading")}</p>
      <p id={`${id}-help`} className="mt-1 text-sm text-slate-700">
        {siteApprovalText(locale, "form.help")}
      </p>
      <label htmlFor={id} className="mt-2 block text-sm font-medium">
        {siteApprovalText(locale, "form.label")}
      </label>
      <input
        id={id}
        name="site"
        type="text"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        required
        maxLength={2048}
        placeholder="https://example.com"
        aria-describedby={`${id}-help`}
        className={textInput}
      />
      <button type="submit" className={`${primaryButton} mt-2`}>
        {siteApprovalText(locale, "form.submit")}
      </button>
    </form>
  );
}

function connectHref(token: string, serviceId: string): string {
  return `/api/access/${encodeURIComponent(token)}/connect/${encodeURIComponent(serviceId)}`;
}

/** One sign-in for the platform's services that wait for a one-click grant, when there are several. */
export function PlatformSignIn({
  locale,
  token,
  surface,
  platform,
}: {
  locale: Locale;
  token: string;
  surface: Surface;
  platform: AccessPlatformView;
}) {
  const waiting = platform.services.filter((s) => s.actions.grant);
  if (waiting.length < 2) return null;
  return (
    <div
      className={`${card} mb-3 flex flex-wrap items-center justify-between gap-3`}
      data-platform-sign-in={platform.platform}
    >
      <p className="text-sm text-slate-800">
        {t(locale, "platform.oneSignIn", { platform: platform.name, count: String(waiting.length) })}
      </p>
      <GrantLink
        href={connectHref(token, waiting[0]!.serviceId)}
        surface={surface}
        locale={locale}
        label={t(locale, "action.continueWith", { platform: platform.name })}
      />
    </div>
  );
}

export function ServiceCard(props: {
  locale: Locale;
  token: string;
  surface: Surface;
  agencyName: string;
  service: AccessServiceView;
  headingId: string;
  /** the platform's one sign-in grants this service: no button of its own */
  grantOnPlatform?: boolean;
  /** more of the service below its actions (handing it to a colleague) */
  children?: React.ReactNode;
}) {
  const { locale, token, surface, agencyName, service: s } = props;
  const grant = s.actions.grant && !props.grantOnPlatform;
  const base = `/api/access/${encodeURIComponent(token)}/services/${encodeURIComponent(s.serviceId)}`;
  const badge = s.status === "pending" && s.awaitingConfirmation ? "awaitingConfirmation" : s.status;
  // once the client says it is done, the steps give way to "waiting for the agency"
  const showSteps = s.status === "pending" && !s.awaitingConfirmation && s.steps.length > 0;

  return (
    <li className={card} data-service={s.serviceId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={props.headingId} className="text-base font-semibold">
          {s.name}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[badge]}`} data-status={badge}>
          {t(locale, `serviceStatus.${badge}`)}
        </span>
      </div>
      <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
        {s.roleLabel ? <li>{t(locale, "service.role", { agency: agencyName, role: s.roleLabel })}</li> : null}
        {s.accounts.map((account) => (
          <li key={account} className="break-words">
            {t(locale, "service.agencyAccount", { account })}
          </li>
        ))}
        <li>{s.optional ? t(locale, "service.optional") : t(locale, "service.required")}</li>
      </ul>

      {s.status === "granted" && s.grantedAssets.length > 0 ? (
        <p className="mt-2 text-sm text-green-900">
          {t(locale, "service.grantedAssets", { assets: s.grantedAssets.join(", ") })}
        </p>
      ) : null}

      {s.actions.siteApproval ? (
        <SiteApprovalForm action={`${base}/site`} surface={surface} locale={locale} serviceId={s.serviceId} />
      ) : null}

      {showSteps ? (
        <div className="mt-3">
          <p className="text-sm font-semibold">
            {s.actions.siteApproval ? siteApprovalText(locale, "form.orSteps") : t(locale, "manual.heading")}
          </p>
          <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
            {s.steps.map((step, i) => (
              <li key={i} className="break-words">
                {step}
              </li>
            ))}
          </ol>
          {s.flow === "instructions" ? (
            <p className="mt-2 text-sm text-slate-700">{t(locale, "service.agencyConfirms", { agency: agencyName })}</p>
          ) : null}
        </div>
      ) : null}

      {s.setupPending ? (
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-950" data-testid="setup-pending">
          {t(locale, "service.setupPending", { agency: agencyName })}
        </p>
      ) : null}

      {s.status === "pending" && s.awaitingConfirmation ? (
        <p className="mt-2 text-sm text-amber-950" data-testid="awaiting-agency">
          {t(locale, s.flow === "client_invite" ? "service.awaitingConfirmationHelp" : "service.awaitingAgencyHelp", {
            agency: agencyName,
          })}
        </p>
      ) : null}

      {grant || s.actions.inviteSent || s.actions.skip || s.actions.reopen ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {grant ? (
            <GrantLink
              href={connectHref(token, s.serviceId)}
              surface={surface}
              locale={locale}
              label={t(locale, "action.grant")}
            />
          ) : null}
          {s.actions.inviteSent ? (
            <ActionForm
              action={`${base}/invite-sent`}
              surface={surface}
              label={t(locale, s.flow === "client_invite" ? "action.inviteSent" : "action.doneThis")}
              primary
            />
          ) : null}
          {s.actions.skip ? (
            <ActionForm action={`${base}/skip`} surface={surface} label={t(locale, "action.skip")} />
          ) : null}
          {s.actions.reopen ? (
            <ActionForm action={`${base}/reopen`} surface={surface} label={t(locale, "action.reopen")} />
          ) : null}
        </div>
      ) : null}
      {props.children}
    </li>
  );
}
