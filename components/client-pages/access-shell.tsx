// The frame of every client page: the page's language on its root element, the
// agency's accent colour as CSS variables, and (outside an iframe) a header with the
// agency's logo and name.
import type { CSSProperties, ReactNode } from "react";
import type { AccentColors } from "@/lib/surfaces/client-pages/accent-color";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";

export interface ShellAgency {
  name: string;
  logoUrl: string | null;
  accent: AccentColors;
}

export function AccessShell({
  locale,
  agency,
  chrome,
  preview = false,
  children,
}: {
  locale: Locale;
  agency: ShellAgency;
  chrome: boolean;
  /** a "preview as client" link: a marker on top of every page */
  preview?: boolean;
  children: ReactNode;
}) {
  const style = { "--accent": agency.accent.background, "--accent-fg": agency.accent.foreground } as CSSProperties;
  return (
    <div lang={locale} style={style} className="min-h-screen text-slate-900">
      {preview ? (
        <p
          role="status"
          data-testid="preview-banner"
          className="border-b-2 border-amber-400 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950"
        >
          {t(locale, "preview.banner")}
        </p>
      ) : null}
      {chrome ? (
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-2xl items-center gap-3 px-4 py-3">
            {agency.logoUrl ? (
              // A plain img: the logo is small and next/image would add script to the page.
              // eslint-disable-next-line @next/next/no-img-element
              <img
                src={agency.logoUrl}
                alt={t(locale, "client.logoAlt", { agency: agency.name })}
                className="h-9 w-auto max-w-40 object-contain"
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex h-9 w-9 items-center justify-center rounded-lg bg-[var(--accent)] font-bold text-[var(--accent-fg)]"
              >
                {agency.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="font-semibold">{agency.name}</span>
          </div>
        </header>
      ) : null}
      <main className="mx-auto max-w-2xl px-4 py-6 sm:py-8">{children}</main>
    </div>
  );
}
