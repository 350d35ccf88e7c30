// Handing services to a colleague on the client's access page: the "Someone else manages
// this?" form (for one service, or with a choice of the pending ones for the whole
// request), and on a handed-over service who it went to, how far they got, and the
// buttons to take it back or email the link again. Plain forms that work without
// JavaScript; they post to /api/access/{token}/forward/{action}.
import type { Surface } from "@/lib/surfaces/client-pages/access-http";
import type { AccessServiceView } from "@/lib/surfaces/client-pages/load-access-page";
import { fieldErrorMessage, type FieldErrors } from "@/lib/surfaces/client-pages/field-errors";
import type { Locale } from "@/lib/infra/i18n/dictionary";
import { forwardText } from "@/lib/infra/i18n/forward-messages";
import { card, primaryButton, secondaryButton, textInput } from "@/components/client-pages/styles";

function actionPath(token: string, action: string): string {
  return `/api/access/${encodeURIComponent(token)}/forward/${action}`;
}

function Field(props: {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  error: string | null;
  multiline?: boolean;
  required?: boolean;
  max: number;
}) {
  const errorId = `${props.id}-error`;
  const common = {
    id: props.id,
    name: props.name,
    maxLength: props.max,
    required: props.required,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": props.error ? errorId : undefined,
    className: textInput,
  };
  return (
    <div className="mt-3">
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
      {props.multiline ? (
        <textarea {...common} rows={3} />
      ) : (
        <input {...common} type={props.type ?? "text"} autoComplete={props.autoComplete} />
      )}
      {props.error ? (
        <p id={errorId} data-error-for={props.name} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** "Someone else manages this?": for one service (`services` of one, fixed) or for the whole request (a choice). */
export function ForwardForm(props: {
  locale: Locale;
  token: string;
  surface: Surface;
  idPrefix: string;
  services: { serviceId: string; name: string }[];
  choose: boolean;
  /** the refused post's field errors, when they belong to this form */
  fieldErrors: FieldErrors | null;
}) {
  const { locale, idPrefix } = props;
  const err = (name: string) => {
    const code = props.fieldErrors?.[name];
    return code ? fieldErrorMessage(locale, code) : null;
  };
  return (
    <details
      className={props.choose ? `${card} mt-6` : "mt-3"}
      open={props.fieldErrors ? true : undefined}
      data-forward-form={props.choose ? "request" : props.services[0]?.serviceId}
    >
      <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-slate-800 underline underline-offset-2">
        {forwardText(locale, props.choose ? "form.summaryAll" : "form.summary")}
      </summary>
      <form method="post" action={actionPath(props.token, "forward")} className="mt-1">
        <input type="hidden" name="surface" value={props.surface} />
        <p className="text-sm text-slate-700">{forwardText(locale, "form.help")}</p>
        {props.choose ? (
          <fieldset className="mt-3" aria-describedby={err("service") ? `${idPrefix}-service-error` : undefined}>
            <legend className="text-sm font-medium">{forwardText(locale, "form.services")}</legend>
            {props.services.map((s) => (
              <label key={s.serviceId} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="service"
                  value={s.serviceId}
                  defaultChecked
                  className="h-5 w-5 accent-[var(--accent)]"
                />
                <span className="break-words">{s.name}</span>
              </label>
            ))}
            {err("service") ? (
              <p id={`${idPrefix}-service-error`} className="mt-1 text-sm text-red-700">
                {err("service")}
              </p>
            ) : null}
          </fieldset>
        ) : (
          props.services.map((s) => <input key={s.serviceId} type="hidden" name="service" value={s.serviceId} />)
        )}
        <Field
          id={`${idPrefix}-name`}
          name="name"
          label={forwardText(locale, "form.name")}
          autoComplete="off"
          error={err("name")}
          required
          max={200}
        />
        <Field
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          label={forwardText(locale, "form.email")}
          autoComplete="off"
          error={err("email")}
          required
          max={320}
        />
        <Field
          id={`${idPrefix}-note`}
          name="note"
          label={forwardText(locale, "form.note")}
          error={err("note")}
          multiline
          max={1000}
        />
        <button type="submit" className={`${primaryButton} mt-4`}>
          {forwardText(locale, "form.submit")}
        </button>
      </form>
    </details>
  );
}

/**
 * On a handed-over service: who it went to, how far they got, and, until the colleague has
 * granted it, "I'll do it myself after all" (this service back to the client) and resend.
 */
export function ForwardedStatus({
  locale,
  token,
  surface,
  service,
}: {
  locale: Locale;
  token: string;
  surface: Surface;
  service: AccessServiceView;
}) {
  const to = service.forwardedTo;
  if (!to) return null;
  const pending = service.status === "pending";
  const takeBack = service.status !== "granted";
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-forwarded-to={to.email}>
      <p className="break-words font-medium">{forwardText(locale, "sent.to", { name: to.name, email: to.email })}</p>
      <p className="mt-0.5 text-slate-700">
        {service.grantedByColleague
          ? forwardText(locale, "sent.granted", { name: service.grantedByColleague })
          : pending
            ? forwardText(locale, "sent.waiting", { name: to.name })
            : service.status === "skipped" && service.byOther
              ? forwardText(locale, "summary.otherSkipped", { name: service.byOther, service: service.name })
              : null}
      </p>
      {takeBack ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <form method="post" action={actionPath(token, "take-back")} data-take-back={service.serviceId}>
            <input type="hidden" name="surface" value={surface} />
            <input type="hidden" name="forward" value={to.forwardId} />
            <input type="hidden" name="service" value={service.serviceId} />
            <button type="submit" className={secondaryButton}>
              {forwardText(locale, "action.takeBack")}
            </button>
          </form>
          {pending ? (
            <form method="post" action={actionPath(token, "resend")}>
              <input type="hidden" name="surface" value={surface} />
              <input type="hidden" name="forward" value={to.forwardId} />
              <button type="submit" className={secondaryButton}>
                {forwardText(locale, "action.resend")}
              </button>
            </form>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * On the colleague's page, each pending service handed to them: "I can't do this", with an
 * optional reason, hands it back to the client. A plain form that works without JavaScript;
 * it posts `service` and `reason` to /api/access/{token}/forward/decline.
 */
export function DeclineForm(props: {
  locale: Locale;
  token: string;
  surface: Surface;
  idPrefix: string;
  serviceId: string;
  /** the client who handed it over */
  from: string;
  /** the refused post's field errors, when they belong to this form */
  fieldErrors: FieldErrors | null;
}) {
  const { locale } = props;
  const code = props.fieldErrors?.reason;
  return (
    <details className="mt-3" open={props.fieldErrors ? true : undefined} data-decline-form={props.serviceId}>
      <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-slate-800 underline underline-offset-2">
        {forwardText(locale, "decline.summary")}
      </summary>
      <form method="post" action={actionPath(props.token, "decline")} className="mt-1">
        <input type="hidden" name="surface" value={props.surface} />
        <input type="hidden" name="service" value={props.serviceId} />
        <p className="text-sm text-slate-700">{forwardText(locale, "decline.help", { name: props.from })}</p>
        <Field
          id={`${props.idPrefix}-reason`}
          name="reason"
          label={forwardText(locale, "decline.reason")}
          error={code ? fieldErrorMessage(locale, code) : null}
          multiline
          max={1000}
        />
        <button type="submit" className={`${secondaryButton} mt-4`}>
          {forwardText(locale, "decline.submit", { name: props.from })}
        </button>
      </form>
    </details>
  );
}

/** On the client's page, a service the colleague handed back: who, and their reason. */
export function HandedBackNote({ locale, service }: { locale: Locale; service: AccessServiceView }) {
  const back = service.handedBack;
  if (!back) return null;
  return (
    <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-slate-800" data-handed-back={service.serviceId}>
      <p className="break-words font-medium">{forwardText(locale, "back.title", { name: back.name })}</p>
      {back.reason ? (
        <p className="mt-1 break-words">
          <span className="font-medium">{forwardText(locale, "back.reason", { name: back.name })}</span>{" "}
          <span className="whitespace-pre-wrap">{back.reason}</span>
        </p>
      ) : null}
    </div>
  );
}
