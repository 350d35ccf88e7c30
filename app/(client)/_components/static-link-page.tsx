// The agency's static access link: a visitor gives their name, email, company and
// language, and continues on the access page of a request made for them. The page's
// own language comes from `?lang=` or the browser until the visitor picks one. Plain HTML
// from the route handler (route.ts); the form is enhanced by public/client/enhance-form.js.
import {
  linkNotFoundResponse,
  searchParamsOf,
  type SearchParams,
} from "@/app/(client)/_components/client-page-response";
import { renderClientPage } from "@/lib/surfaces/client-pages/html/client-page-html";
import { localeFromAcceptLanguage } from "@/lib/surfaces/client-pages/page-locale";
import { accessErrorMessage, isAccessErrorCode } from "@/lib/surfaces/client-pages/access-page-error";
import { decodeFieldErrors, fieldErrorMessage, type FieldErrorCode } from "@/lib/surfaces/client-pages/field-errors";
import { loadStaticLink, type StaticLinkView } from "@/lib/surfaces/client-pages/load-static-link";
import { loadOrUnavailable } from "@/lib/surfaces/client-pages/load-or-unavailable";
import { issueStaticLinkFormToken } from "@/lib/surfaces/client-pages/static-link-form-token";
import { pageLocale } from "@/lib/surfaces/client-pages/page-locale";
import { LANGUAGES, LOCALES, languageToLocale, localeToLanguage, t, type Locale } from "@/lib/infra/i18n/dictionary";
import { AccessShell } from "@/components/client-pages/access-shell";
import { PostForm } from "@/components/client-pages/post-form";
import { MessageBox } from "@/components/client-pages/message-box";
import { card, primaryButton, textInput } from "@/components/client-pages/styles";
import { ServiceUnavailable } from "@/app/(client)/_components/service-unavailable";

function Field(props: {
  name: string;
  label: string;
  locale: Locale;
  error: FieldErrorCode | undefined;
  type?: string;
  autoComplete: string;
  maxLength: number;
  required?: boolean;
}) {
  const errorId = `${props.name}-error`;
  return (
    <div className="mt-4">
      <label htmlFor={props.name} className="text-sm font-medium">
        {props.label}
      </label>
      <input
        id={props.name}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={errorId}
        className={textInput}
      />
      <p id={errorId} data-error-for={props.name} className="mt-1 text-sm text-red-700">
        {props.error ? fieldErrorMessage(props.locale, props.error) : null}
      </p>
    </div>
  );
}

/** The page as HTML: 404 for an unknown link, "try again" while the database is out of reach. */
export async function staticLinkResponse(request: Request, token: string): Promise<Response> {
  const query = searchParamsOf(request);
  const acceptLanguage = request.headers.get("accept-language");
  const loaded = await loadOrUnavailable(() => loadStaticLink({ token }));
  if (!loaded.ok)
    return renderClientPage({
      locale: localeFromAcceptLanguage(acceptLanguage),
      title: "Access request",
      body: <ServiceUnavailable />,
    });
  const view = loaded.value;
  if (!view) return linkNotFoundResponse(request);
  const locale = pageLocale(query.lang, acceptLanguage);
  const showsForm = view.available && query.error !== "link_unavailable" && query.sent !== "1";
  return renderClientPage({
    locale,
    title: t(locale, "staticLink.title", { agency: view.agency.name }),
    body: <StaticLinkPage token={token} view={view} locale={locale} query={query} />,
    scripts: showsForm ? ["enhanceForm"] : [],
  });
}

function StaticLinkPage({
  token,
  view,
  locale,
  query,
}: {
  token: string;
  view: StaticLinkView;
  locale: Locale;
  query: SearchParams;
}) {
  const agency = view.agency;
  const error = query.error;
  const fields = decodeFieldErrors(query.fields);

  if (!view.available || error === "link_unavailable") {
    return (
      <AccessShell locale={locale} agency={agency} chrome>
        <section className="py-10 text-center">
          <h1 className="text-2xl font-semibold">{t(locale, "staticLink.unavailable")}</h1>
          <p className="mt-3 text-slate-700">{t(locale, "staticLink.unavailableBody", { agency: agency.name })}</p>
        </section>
      </AccessShell>
    );
  }

  // the email given already has an open request: its link went to that address, never here
  if (query.sent === "1") {
    return (
      <AccessShell locale={locale} agency={agency} chrome>
        <section className="py-10 text-center">
          <h1 className="text-2xl font-semibold">{t(locale, "staticLink.sentTitle")}</h1>
          <p className="mt-3 text-slate-700">{t(locale, "staticLink.sentBody")}</p>
        </section>
      </AccessShell>
    );
  }

  return (
    <AccessShell locale={locale} agency={agency} chrome>
      <nav aria-label={t(locale, "language.label")} className="mb-4 flex justify-end gap-3 text-sm">
        {LOCALES.map((l) => (
          <a
            key={l}
            href={`?lang=${l}`}
            lang={l}
            aria-current={l === locale ? "true" : undefined}
            className={l === locale ? "font-semibold underline" : "text-slate-700 hover:underline"}
          >
            {t(l, `language.${localeToLanguage(l)}`)}
          </a>
        ))}
      </nav>
      <h1 className="text-2xl font-bold tracking-tight">{t(locale, "staticLink.title", { agency: agency.name })}</h1>
      <p className="mt-2 text-slate-700">{t(locale, "staticLink.intro")}</p>
      {isAccessErrorCode(error) && error !== "invalid_input" ? (
        <MessageBox tone="error">{accessErrorMessage(locale, error)}</MessageBox>
      ) : null}
      <div className={`${card} mt-6`}>
        <PostForm action={`/api/access/static/${encodeURIComponent(token)}`}>
          <input type="hidden" name="pageLang" value={locale} />
          <input type="hidden" name="formToken" value={issueStaticLinkFormToken(agency.id)} />
          <p data-form-error tabIndex={-1} role="alert" className="text-sm font-medium text-red-700">
            {error === "invalid_input" ? accessErrorMessage(locale, "invalid_input") : null}
          </p>
          <Field
            name="name"
            label={t(locale, "staticLink.name")}
            locale={locale}
            error={fields.name}
            autoComplete="name"
            maxLength={200}
            required
          />
          <Field
            name="email"
            type="email"
            label={t(locale, "staticLink.email")}
            locale={locale}
            error={fields.email}
            autoComplete="email"
            maxLength={320}
            required
          />
          <Field
            name="company"
            label={t(locale, "staticLink.company")}
            locale={locale}
            error={fields.company}
            autoComplete="organization"
            maxLength={200}
          />
          <div className="mt-4">
            <label htmlFor="language" className="text-sm font-medium">
              {t(locale, "language.label")}
            </label>
            <select id="language" name="language" defaultValue={localeToLanguage(locale)} className={textInput}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={languageToLocale(language)}>
                  {t(languageToLocale(language), `language.${language}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={`${primaryButton} mt-5`}>
            {t(locale, "staticLink.start")}
          </button>
        </PostForm>
      </div>
    </AccessShell>
  );
}
