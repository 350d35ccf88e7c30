// The invite page (`/i/{token}`) and the embed page (`/embed/{token}`): one flow, the
// embed without the agency header. Rendered on the server to plain HTML by their route
// handlers (lib/surfaces/client-pages/html/); the query string carries what the last action
// left to show (a notice, an error code, a signed attempt outcome, the asset picker after a
// sign-in).
import { cache } from "react";
import { accessErrorMessage, isAccessErrorCode } from "@/lib/surfaces/client-pages/access-page-error";
import { pagePath, type Surface } from "@/lib/surfaces/client-pages/access-http";
import { openAttemptNotice } from "@/lib/surfaces/client-pages/attempt-notice";
import { decodeFieldErrors } from "@/lib/surfaces/client-pages/field-errors";
import { loadAccessPage, type AccessPageView } from "@/lib/surfaces/client-pages/load-access-page";
import { loadOrUnavailable } from "@/lib/surfaces/client-pages/load-or-unavailable";
import { loadAssetPicker } from "@/lib/surfaces/client-pages/load-asset-picker";
import { loadShareSummary } from "@/lib/surfaces/client-pages/load-share-summary";
import { t } from "@/lib/infra/i18n/dictionary";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { AccessShell } from "@/components/client-pages/access-shell";
import { AssetPicker } from "@/components/client-pages/asset-picker";
import { FinalState } from "@/components/client-pages/final-state";
import { clientAccessText } from "@/lib/infra/i18n/client-access-messages";
import { IntakeForm } from "@/components/client-pages/intake-form";
import type { IntakeDraft } from "@/lib/surfaces/client-pages/intake-answers";
import { MessageBox } from "@/components/client-pages/message-box";
import { ProgressBar } from "@/components/client-pages/progress-bar";
import { PlatformSignIn, ServiceCard } from "@/components/client-pages/service-card";
import { DeclineForm, ForwardForm, ForwardedStatus, HandedBackNote } from "@/components/client-pages/forward-panel";
import { forwardText } from "@/lib/infra/i18n/forward-messages";
import { ReportHeightToParent, ReturnToOpener } from "@/components/client-pages/window-bridge";
import { ServiceUnavailable } from "@/app/(client)/_components/service-unavailable";
import {
  linkNotFoundResponse,
  searchParamsOf,
  type SearchParams,
} from "@/app/(client)/_components/client-page-response";
import { PlatformLogo } from "@/components/ui/platform-logo";
import { renderClientPage, type ClientScript } from "@/lib/surfaces/client-pages/html/client-page-html";
import { localeFromAcceptLanguage } from "@/lib/surfaces/client-pages/page-locale";

/** What an action left to show, handed from the sign-in popup back to the embedded page. */
const OUTCOME_PARAMS = ["notice", "error", "service", "attempt"] as const;

export const loadView = cache((token: string) => loadOrUnavailable(() => loadAccessPage({ token })));

function one(params: SearchParams, name: string): string | undefined {
  return params[name];
}

/**
 * The whole page as an HTML response: 404 for an unknown link and a "try again" page while
 * the database cannot be reached (both in the browser's language), else the request in the
 * client's language, with the scripts its parts need.
 */
export async function accessPageResponse(
  request: Request,
  token: string,
  surface: Surface,
  /** a refused intake form posted without JavaScript: the page again, with the answers as typed */
  refused?: { searchParams: SearchParams; intakeDraft: IntakeDraft; status: number },
): Promise<Response> {
  const searchParams = refused?.searchParams ?? searchParamsOf(request);
  const loaded = await loadView(token);
  if (!loaded.ok)
    return renderClientPage({
      locale: localeFromAcceptLanguage(request.headers.get("accept-language")),
      title: "Access request",
      body: <ServiceUnavailable />,
    });
  const view = loaded.value;
  if (!view) return linkNotFoundResponse(request);
  const scripts: ClientScript[] = [];
  if (surface === "embed") scripts.push("signInPopup", "embedFrame");
  else if (OUTCOME_PARAMS.some((k) => searchParams[k])) scripts.push("signInPopup");
  if (surface === "invite" && view.status === "completed" && view.redirectUrl) scripts.push("redirectAfter");
  if (view.open && view.intake && !view.intake.complete) scripts.push("enhanceForm");
  return renderClientPage({
    locale: view.locale,
    title: t(view.locale, "client.title", { agency: view.agency.name }),
    // The link is the key: keep it out of other sites' referrers (and search engines: every client page).
    noReferrer: true,
    body: (
      <AccessPage
        view={view}
        token={token}
        surface={surface}
        searchParams={searchParams}
        intakeDraft={refused?.intakeDraft}
      />
    ),
    scripts,
    ...(refused ? { status: refused.status } : {}),
  });
}

/** Everything the client must do is done; what is left waits for the agency's confirmation. */
function onlyAgencyLeft(view: AccessPageView): boolean {
  const services = view.platforms.flatMap((p) => p.services);
  const waiting = services.some((s) => s.status === "pending" && s.awaitingConfirmation);
  const clientLeft = services.some((s) => s.status === "pending" && !s.awaitingConfirmation && !s.optional);
  return waiting && !clientLeft && (!view.intake || view.intake.complete);
}

function findService(view: AccessPageView, serviceId: string | undefined) {
  for (const p of view.platforms) {
    const s = p.services.find((x) => x.serviceId === serviceId);
    if (s) return { platform: p, service: s };
  }
  return null;
}

function Notice({
  view,
  code,
  serviceId,
}: {
  view: AccessPageView;
  code: string | undefined;
  serviceId: string | undefined;
}) {
  const { locale } = view;
  const name = findService(view, serviceId)?.service.name;
  const messages: Record<string, string> = {
    granted: t(locale, "notice.granted"),
    skipped: t(locale, "notice.skipped"),
    reopened: t(locale, "notice.reopened"),
    invite_sent: t(
      locale,
      findService(view, serviceId)?.service.flow === "client_invite"
        ? "service.awaitingConfirmationHelp"
        : "service.awaitingAgencyHelp",
      {
        agency: view.agency.name,
      },
    ),
    intake_submitted: t(locale, "intake.submitted"),
    forwarded: forwardText(locale, "notice.forwarded"),
    taken_back: forwardText(locale, "notice.taken_back"),
    resent: forwardText(locale, "notice.resent"),
    ...(view.colleague ? { declined: forwardText(locale, "notice.declined", { name: view.colleague.from }) } : {}),
    // only a preview link says what a real request would have done
    ...(view.preview ? { preview: t(locale, "preview.granted", { service: name ?? "" }) } : {}),
  };
  if (!code || !Object.hasOwn(messages, code)) return null;
  return (
    <MessageBox tone={code === "preview" ? "warning" : "success"} title={name}>
      {messages[code]}
    </MessageBox>
  );
}

async function Picker({
  view,
  serviceId,
  sessionId,
  surface,
}: {
  view: AccessPageView;
  serviceId: string;
  sessionId: string;
  surface: Surface;
}) {
  const found = findService(view, serviceId);
  if (!found || !found.service.actions.grant) return null;
  const services = found.platform.services;
  const picker = await loadAssetPicker({
    requestId: view.requestId,
    serviceId,
    platform: found.platform.platform,
    sessionId,
    grantable: (id) => services.some((s) => s.serviceId === id && s.actions.grant),
  });
  if (!picker.ok)
    return (
      <MessageBox tone="error" title={found.service.name}>
        {accessErrorMessage(view.locale, picker.error, { platform: found.platform.name })}
      </MessageBox>
    );
  const sections = picker.sections.map((section) => {
    const s = services.find((x) => x.serviceId === section.serviceId)!;
    return {
      serviceId: s.serviceId,
      serviceName: s.name,
      roleLine: s.roleLabel ? t(view.locale, "service.role", { agency: view.agency.name, role: s.roleLabel }) : null,
      assets: section.assets,
    };
  });
  return (
    <AssetPicker
      locale={view.locale}
      token={view.token}
      serviceId={serviceId}
      platformName={found.platform.name}
      agencyName={view.agency.name}
      sessionId={picker.sessionId}
      sections={sections}
      backHref={pagePath("invite", view.token)}
      forward={
        found.service.actions.forward ? (
          <ForwardForm
            locale={view.locale}
            token={view.token}
            surface={surface}
            idPrefix="forward-picker"
            services={[{ serviceId: found.service.serviceId, name: found.service.name }]}
            choose={false}
            fieldErrors={null}
          />
        ) : null
      }
    />
  );
}

async function AccessPage({
  view,
  token,
  surface,
  searchParams,
  intakeDraft,
}: {
  view: AccessPageView;
  token: string;
  surface: Surface;
  searchParams: SearchParams;
  intakeDraft?: IntakeDraft;
}) {
  const { locale, agency } = view;
  const serviceId = one(searchParams, "service");
  const errorCode = one(searchParams, "error");
  const attempt = openAttemptNotice(view.requestId, one(searchParams, "attempt"), appSecret());
  const notice = one(searchParams, "notice");
  const pick = one(searchParams, "pick");
  const session = one(searchParams, "session");
  const fieldErrors = decodeFieldErrors(one(searchParams, "fields"));

  // In the sign-in popup of an embedded page, hand the outcome back to it.
  const outcome = new URLSearchParams();
  for (const key of OUTCOME_PARAMS) {
    const v = one(searchParams, key);
    if (v) outcome.set(key, v);
  }
  const returnToOpener =
    surface === "invite" && outcome.size > 0 ? (
      <ReturnToOpener token={token} search={`?${outcome.toString()}`} />
    ) : null;

  const resize = surface === "embed" ? <ReportHeightToParent /> : null;

  // A colleague's link the client took back whole: it is no longer theirs, and says so.
  if (view.colleague?.revoked) {
    return (
      <AccessShell locale={locale} agency={agency} chrome={surface === "invite"} preview={view.preview}>
        {resize}
        <section className="py-10 text-center" data-final-state="taken_back">
          <h1 className="text-2xl font-semibold">{forwardText(locale, "colleague.revokedTitle")}</h1>
          <p className="mt-3 break-words text-slate-700">
            {forwardText(locale, "colleague.revokedBody", {
              name: view.colleague.from,
              services: view.colleague.takenBack.join(", "),
            })}
          </p>
        </section>
      </AccessShell>
    );
  }

  if (!view.open) {
    const summary =
      view.status === "completed"
        ? await loadShareSummary({
            agencyId: agency.id,
            requestId: view.requestId,
            platforms: view.platforms,
            viewerActor: view.viewerActor,
          })
        : null;
    return (
      <AccessShell locale={locale} agency={agency} chrome={surface === "invite"} preview={view.preview}>
        {returnToOpener}
        {resize}
        <FinalState
          locale={locale}
          status={view.status as "cancelled" | "expired" | "completed"}
          agencyName={agency.name}
          thankYouMessage={view.thankYouMessage}
          redirectUrl={view.redirectUrl}
          embedded={surface === "embed"}
          summary={summary}
          accessPage={
            surface === "invite" && view.status === "completed" && !view.colleague && !view.preview
              ? {
                  href: `/i/${encodeURIComponent(token)}/access`,
                  label: clientAccessText(locale, "page.link", { agency: agency.name }),
                }
              : null
          }
        />
      </AccessShell>
    );
  }

  const errorService = findService(view, serviceId);
  const attemptService = attempt ? findService(view, attempt.serviceId) : null;
  // A refused "hand it to a colleague" form names its fields (name, email); the intake form's do not.
  const forwardErrors =
    errorCode === "invalid_input" &&
    ["name", "email", "note", "service", "reason"].some((f) => Object.hasOwn(fieldErrors, f));
  const intakeError =
    errorCode === "invalid_input" && !forwardErrors ? accessErrorMessage(locale, "invalid_input") : null;

  return (
    <AccessShell locale={locale} agency={agency} chrome={surface === "invite"} preview={view.preview}>
      {returnToOpener}
      {resize}
      <h1 className="text-2xl font-bold tracking-tight">{t(locale, "client.title", { agency: agency.name })}</h1>
      {view.colleague ? (
        <div className="mt-2 text-slate-700" data-colleague-link>
          <p>{forwardText(locale, "colleague.intro", { name: view.colleague.from, agency: agency.name })}</p>
          {view.colleague.takenBack.length > 0 ? (
            <p
              className="mt-3 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm break-words"
              data-taken-back
            >
              {forwardText(locale, "colleague.takenBack", {
                name: view.colleague.from,
                services: view.colleague.takenBack.join(", "),
              })}
            </p>
          ) : null}
          {view.colleague.declined.length > 0 ? (
            <p
              className="mt-3 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm break-words"
              data-declined
            >
              {forwardText(locale, "colleague.declined", {
                name: view.colleague.from,
                services: view.colleague.declined.join(", "),
              })}
            </p>
          ) : null}
          {view.colleague.note ? (
            <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-sm">
              <p className="font-medium">{forwardText(locale, "colleague.note", { name: view.colleague.from })}</p>
              <p className="whitespace-pre-wrap break-words">{view.colleague.note}</p>
            </blockquote>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-slate-700">{t(locale, "client.intro", { agency: agency.name })}</p>
      )}
      <ProgressBar locale={locale} done={view.progress.done} total={view.progress.total} />
      {onlyAgencyLeft(view) ? (
        <p
          className="mt-4 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900"
          data-testid="waiting-for-agency"
        >
          {t(locale, "client.waitingForAgency", { agency: agency.name })}
        </p>
      ) : null}

      <Notice view={view} code={notice} serviceId={serviceId} />
      {attempt && attempt.outcome !== "success" ? (
        <MessageBox tone={attempt.outcome === "failed" ? "error" : "warning"} title={attemptService?.service.name}>
          <p>{attempt.outcome === "failed" ? t(locale, "grant.failedHeading") : t(locale, "grant.partial")}</p>
          <ul className="mt-1 list-disc pl-5">
            {attempt.errors.map((e, i) => (
              <li key={i} className="break-words">
                {e}
              </li>
            ))}
          </ul>
        </MessageBox>
      ) : null}
      {isAccessErrorCode(errorCode) && errorCode !== "invalid_input" ? (
        <MessageBox tone="error" title={errorService?.service.name}>
          {accessErrorMessage(locale, errorCode, { platform: errorService?.platform.name })}
        </MessageBox>
      ) : null}

      {pick && session ? <Picker view={view} serviceId={pick} sessionId={session} surface={surface} /> : null}

      {view.platforms.map((p, pi) => (
        <section key={p.platform} aria-labelledby={`platform-${pi}`} className="mt-6">
          <h2
            id={`platform-${pi}`}
            className="mb-2 flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-600"
          >
            <PlatformLogo platform={p.platform} size={22} />
            {p.name}
          </h2>
          <PlatformSignIn locale={locale} token={token} surface={surface} platform={p} />
          <ul className="space-y-3">
            {p.services.map((s, si) => (
              <ServiceCard
                key={s.serviceId}
                locale={locale}
                token={token}
                surface={surface}
                agencyName={agency.name}
                service={s}
                headingId={`service-${pi}-${si}`}
                grantOnPlatform={p.services.filter((x) => x.actions.grant).length > 1}
              >
                <ForwardedStatus locale={locale} token={token} surface={surface} service={s} />
                <HandedBackNote locale={locale} service={s} />
                {view.colleague && s.status === "pending" ? (
                  <DeclineForm
                    locale={locale}
                    token={token}
                    surface={surface}
                    idPrefix={`decline-${pi}-${si}`}
                    serviceId={s.serviceId}
                    from={view.colleague.from}
                    fieldErrors={forwardErrors && serviceId === s.serviceId ? fieldErrors : null}
                  />
                ) : null}
                {s.actions.forward ? (
                  <ForwardForm
                    locale={locale}
                    token={token}
                    surface={surface}
                    idPrefix={`forward-${pi}-${si}`}
                    services={[{ serviceId: s.serviceId, name: s.name }]}
                    choose={false}
                    fieldErrors={forwardErrors && serviceId === s.serviceId ? fieldErrors : null}
                  />
                ) : null}
              </ServiceCard>
            ))}
          </ul>
        </section>
      ))}

      {view.forwardable.length > 1 ? (
        <ForwardForm
          locale={locale}
          token={token}
          surface={surface}
          idPrefix="forward-request"
          services={view.forwardable}
          choose
          fieldErrors={forwardErrors && !serviceId ? fieldErrors : null}
        />
      ) : null}

      {view.intake ? (
        view.intake.complete ? (
          <p className="mt-6 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
            {t(locale, "intake.submitted")}
          </p>
        ) : (
          <IntakeForm
            locale={locale}
            token={token}
            surface={surface}
            agencyName={agency.name}
            questions={view.intake.questions}
            fieldErrors={fieldErrors}
            formError={intakeError}
            draft={intakeDraft}
          />
        )
      ) : null}
    </AccessShell>
  );
}
