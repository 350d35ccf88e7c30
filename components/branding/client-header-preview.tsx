// A preview of the header clients see on their access page, drawn from unsaved form
// values: logo (or the agency's initial), name, and the accent colour on a button.
export const DEFAULT_ACCENT = "#4f46e5";

/** White or near-black text, whichever reads better on the accent colour. */
export function textOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? "#0f172a" : "#ffffff";
}

export function ClientHeaderPreview({ name, accent, logoSrc }: { name: string; accent: string | null; logoSrc: string | null }) {
  const color = accent ?? DEFAULT_ACCENT;
  const shown = name.trim() || "Your agency";
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="branding-preview">
      <div className="h-1.5" style={{ backgroundColor: color }} />
      <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-4">
        {logoSrc ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local object URL or our own logo route
          <img src={logoSrc} alt={`${shown} logo`} className="h-10 w-10 rounded object-contain" />
        ) : (
          <span className="flex h-10 w-10 items-center justify-center rounded text-lg font-semibold" style={{ backgroundColor: color, color: textOn(color) }} aria-hidden>
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
          <span className="text-sm text-slate-800">Meta Ad Account</span>
          <span className="rounded-lg px-3 py-1.5 text-sm font-medium" style={{ backgroundColor: color, color: textOn(color) }}>
            Grant access
          </span>
        </div>
        <p className="text-xs text-slate-600">Preview: the client's page and emails use these settings.</p>
      </div>
    </div>
  );
}
