// After a platform sign-in: the client's assets for each service the sign-in covers, to
// choose which ones the agency's account gets access to. One form for all of them (one
// submit, one grant attempt); with several services, one group per service.
import type { ReactNode } from "react";
import type { Asset } from "@/lib/infra/connectors/connector";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { card, primaryButton, secondaryButton } from "@/components/client-pages/styles";

export interface PickerSectionView {
  serviceId: string;
  serviceName: string;
  /** "Your role for {agency}: ..." when the service has a role */
  roleLine: string | null;
  assets: Asset[];
}

function AssetOptions({ name, assets, locale }: { name: string; assets: Asset[]; locale: Locale }) {
  return (
    <div className="mt-2 space-y-1">
      {assets.map((asset) => {
        // Listed by the platform but not shareable by this client: shown disabled, with why.
        const reasonId = asset.notGrantable ? `not-grantable-${name}-${asset.id}` : undefined;
        return (
          <label
            key={asset.id}
            className={`flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm ${asset.notGrantable ? "bg-slate-50 text-slate-600" : ""}`}
            data-not-grantable={asset.notGrantable}
          >
            <input
              type="checkbox"
              name={name}
              value={asset.id}
              disabled={!!asset.notGrantable}
              aria-describedby={reasonId}
              className="h-5 w-5 shrink-0 accent-[var(--accent)]"
            />
            <span className="min-w-0 break-words">
              <span className="font-medium">{asset.name ?? asset.id}</span>
              <span className="block text-xs text-slate-600">{asset.id}</span>
              {asset.notGrantable ? (
                <span id={reasonId} className="mt-1 block text-xs text-slate-700">
                  {t(locale, `assets.${asset.notGrantable}`)}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
    </div>
  );
}

export function AssetPicker(props: {
  locale: Locale;
  token: string;
  /** the service the sign-in started from: the form posts to its grant address */
  serviceId: string;
  platformName: string;
  agencyName: string;
  sessionId: string;
  sections: PickerSectionView[];
  backHref: string;
  /** "Someone else manages this?", shown when some assets are listed but not shareable by this client */
  forward?: ReactNode;
}) {
  const { locale, sections } = props;
  const action = `/api/access/${encodeURIComponent(props.token)}/services/${encodeURIComponent(props.serviceId)}/grant`;
  const several = sections.length > 1;
  const someoneElse = sections.some((s) => s.assets.some((a) => a.notGrantable)) ? props.forward : null;
  // The lead service's boxes are plain `asset`; the others name their service.
  const fieldName = (serviceId: string) => (serviceId === props.serviceId ? "asset" : `asset:${serviceId}`);
  const buttons = (
    <div className="mt-4 flex flex-wrap gap-2">
      <button type="submit" className={primaryButton}>
        {t(locale, "action.grant")}
      </button>
      <a href={props.backHref} className={secondaryButton}>
        {t(locale, "action.back")}
      </a>
    </div>
  );
  return (
    <section
      aria-labelledby="picker-title"
      className={`${card} mb-6 border-[var(--accent)]`}
      data-testid="asset-picker"
    >
      <h2 id="picker-title" className="text-lg font-semibold">
        {several ? props.platformName : sections[0]?.serviceName}
      </h2>
      {sections.every((s) => s.assets.length === 0) ? (
        <>
          <p className="mt-2 font-medium">{t(locale, "assets.none")}</p>
          <p className="mt-1 text-sm text-slate-700">{t(locale, "assets.noneHelp", { agency: props.agencyName })}</p>
          <a href={props.backHref} className={`${secondaryButton} mt-4`}>
            {t(locale, "action.back")}
          </a>
        </>
      ) : several ? (
        <form method="post" action={action} className="mt-2">
          <input type="hidden" name="session" value={props.sessionId} />
          <p className="text-sm text-slate-800">{t(locale, "assets.chooseEach", { platform: props.platformName })}</p>
          {sections.map((s) => (
            <fieldset key={s.serviceId} className="mt-4" data-picker-service={s.serviceId}>
              <legend className="text-base font-semibold">{s.serviceName}</legend>
              {s.roleLine ? <p className="text-sm text-slate-700">{s.roleLine}</p> : null}
              {s.assets.length === 0 ? (
                <p className="mt-1 text-sm text-slate-700">{t(locale, "assets.none")}</p>
              ) : (
                <AssetOptions name={fieldName(s.serviceId)} assets={s.assets} locale={locale} />
              )}
            </fieldset>
          ))}
          {buttons}
        </form>
      ) : (
        <form method="post" action={action} className="mt-2">
          <input type="hidden" name="session" value={props.sessionId} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">
              {t(locale, "assets.choose", { platform: props.platformName })}
            </legend>
            <AssetOptions name={fieldName(sections[0]!.serviceId)} assets={sections[0]!.assets} locale={locale} />
          </fieldset>
          {buttons}
        </form>
      )}
      {someoneElse}
    </section>
  );
}
