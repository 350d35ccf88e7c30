// After a platform sign-in: the client's assets for the service, to choose which ones
// the agency's account gets access to.
import type { Asset } from "@/lib/infra/connectors/connector";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { card, primaryButton, secondaryButton } from "@/components/access/styles";

export function AssetPicker(props: {
  locale: Locale;
  token: string;
  serviceId: string;
  serviceName: string;
  platformName: string;
  agencyName: string;
  sessionId: string;
  assets: Asset[];
  backHref: string;
}) {
  const { locale } = props;
  const action = `/api/access/${encodeURIComponent(props.token)}/services/${encodeURIComponent(props.serviceId)}/grant`;
  return (
    <section aria-labelledby="picker-title" className={`${card} mb-6 border-[var(--accent)]`}>
      <h2 id="picker-title" className="text-lg font-semibold">
        {props.serviceName}
      </h2>
      {props.assets.length === 0 ? (
        <>
          <p className="mt-2 font-medium">{t(locale, "assets.none")}</p>
          <p className="mt-1 text-sm text-slate-700">{t(locale, "assets.noneHelp", { agency: props.agencyName })}</p>
          <a href={props.backHref} className={`${secondaryButton} mt-4`}>
            {t(locale, "action.back")}
          </a>
        </>
      ) : (
        <form method="post" action={action} className="mt-2">
          <input type="hidden" name="session" value={props.sessionId} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t(locale, "assets.choose", { platform: props.platformName })}</legend>
            <div className="mt-2 space-y-1">
              {props.assets.map((asset) => (
                <label key={asset.id} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
                  <input type="checkbox" name="asset" value={asset.id} className="h-5 w-5 accent-[var(--accent)]" />
                  <span>
                    <span className="font-medium">{asset.name ?? asset.id}</span>
                    <span className="block text-xs text-slate-600">{asset.id}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="submit" className={primaryButton}>
              {t(locale, "action.grant")}
            </button>
            <a href={props.backHref} className={secondaryButton}>
              {t(locale, "action.back")}
            </a>
          </div>
        </form>
      )}
    </section>
  );
}
