// The sandbox's stand-in for a platform's "sign in with ..." screen, clearly marked as
// a test. Allow returns to our callback with a sandbox code (the "simulate" choice picks
// a failure mode); Deny returns `error=access_denied`. Only served when sandbox
// platforms are on, and only back to our own callback.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getPlatform } from "@/lib/core/catalog/catalog";
import { resolveConnectorEnv } from "@/lib/infra/connectors/platform-settings";
import { SANDBOX_MODES, sandboxCode, type SandboxMode } from "@/lib/infra/connectors/sandbox-connector";
import { env } from "@/lib/infra/env";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { callbackUrl } from "@/lib/surfaces/client-pages/platform-connector";
import { findSandboxSignIn } from "@/lib/surfaces/client-pages/sandbox-sign-in";
import { primaryButton, secondaryButton, textInput } from "@/components/client-pages/styles";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sandbox sign-in", robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const MODE_LABEL: Record<SandboxMode, "sandbox.mode.normal" | "sandbox.mode.fail" | "sandbox.mode.serverError"> = {
  normal: "sandbox.mode.normal",
  fail: "sandbox.mode.fail",
  "server-error": "sandbox.mode.serverError",
};

function Frame({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  return (
    <main
      lang={locale}
      className="mx-auto max-w-md px-4 py-10"
      style={{ "--accent": "#0f172a", "--accent-fg": "#ffffff" } as React.CSSProperties}
    >
      <p className="mb-4 inline-block rounded-full bg-amber-200 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-950">
        {t(locale, "sandbox.badge")}
      </p>
      {children}
    </main>
  );
}

export default async function SandboxConsentPage({ searchParams }: Props) {
  const resolved = resolveConnectorEnv();
  if (!env().sandboxPlatforms && resolved.sandboxPlatformList !== "all" && resolved.sandboxPlatformList.length === 0)
    notFound();
  const query = await searchParams;
  const state = one(query.state);
  const platform = one(query.platform);
  const redirectUri = one(query.redirect_uri);
  const signIn = redirectUri === callbackUrl() ? await findSandboxSignIn(state, platform) : null;

  if (!signIn || !state || !platform) {
    return (
      <Frame locale="en">
        <h1 className="text-xl font-semibold">{t("en", "sandbox.invalid")}</h1>
      </Frame>
    );
  }
  const { locale, agencyName } = signIn;
  const platformName = getPlatform(platform)?.name ?? platform;
  return (
    <Frame locale={locale}>
      <div className="rounded-xl border-2 border-dashed border-amber-400 bg-white p-5">
        <h1 className="text-xl font-semibold">{t(locale, "sandbox.title", { platform: platformName })}</h1>
        <p className="mt-3">{t(locale, "sandbox.request", { agency: agencyName, platform: platformName })}</p>
        <p className="mt-2 text-sm text-slate-700">{t(locale, "sandbox.notice")}</p>
        <form method="get" action={callbackUrl()} className="mt-5">
          <input type="hidden" name="state" value={state} />
          <label htmlFor="sandbox-code" className="text-sm font-medium">
            {t(locale, "sandbox.simulate")}
          </label>
          <select id="sandbox-code" name="code" className={textInput} defaultValue={sandboxCode(platform, "normal")}>
            {SANDBOX_MODES.map((mode) => (
              <option key={mode} value={sandboxCode(platform, mode)}>
                {t(locale, MODE_LABEL[mode])}
              </option>
            ))}
          </select>
          <button type="submit" className={`${primaryButton} mt-4 w-full`}>
            {t(locale, "action.allow")}
          </button>
        </form>
        <form method="get" action={callbackUrl()} className="mt-2">
          <input type="hidden" name="state" value={state} />
          <input type="hidden" name="error" value="access_denied" />
          <button type="submit" className={`${secondaryButton} w-full`}>
            {t(locale, "action.deny")}
          </button>
        </form>
      </div>
    </Frame>
  );
}
