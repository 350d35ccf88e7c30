// A preview of the header clients see on their access page, drawn from unsaved form
// values: logo (or the agency's initial), name, and the accent colour on a button.
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { accentColors } from "@/lib/surfaces/client-pages/accent-color";

/** The service the preview shows, as the catalog writes it. */
const SAMPLE_SERVICE = getCatalogService("meta_ads")?.name;

export function ClientHeaderPreview({
  name,
  accent,
  logoSrc,
}: {
  name: string;
  accent: string | null;
  logoSrc: string | null;
}) {
  const { background, foreground } = accentColors(accent);
  const shown = name.trim() || "Your agency";
  return (
    <div
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="branding-preview"
    >
      <div className="h-1.5" style={{ backgroundColor: background }} />
      <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-4">
        {logoSrc ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local object URL or our own logo route
          <img src={logoSrc} alt={`${shown} logo`} className="h-10 w-10 rounded object-contain" />
        ) : (
          <span
            className="flex h-10 w-10 items-center justify-center rounded text-lg font-semibold"
            style={{ backgroundColor: background, color: foreground }}
            aria-hidden
          >
            {shown.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <p className="font-semibold text-slate-900">{shown}</p>
          <p className="text-sm text-slate-600">is asking for access to your accounts</p>
        </div>
      </div>
      <div className="space-y-3 px-5 py-4">
        <div className="flex items-center justify-between rounded-lg border border-slate-200 px-3 py-2">
          <span className="text-sm text-slate-800">{SAMPLE_SERVICE}</span>
          <span
            className="rounded-lg px-3 py-1.5 text-sm font-medium"
            style={{ backgroundColor: background, color: foreground }}
          >
            Grant access
          </span>
        </div>
        <p className="text-xs text-slate-600">Preview: the client&apos;s page and emails use these settings.</p>
      </div>
    </div>
  );
}
