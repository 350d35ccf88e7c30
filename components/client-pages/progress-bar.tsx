// "n of m done" with a bar, announced as a progress bar. Nothing to count (a colleague who
// handed every service back) shows no bar rather than "0 of 0 done".
import { t, type Locale } from "@/lib/infra/i18n/dictionary";

export function ProgressBar({ locale, done, total }: { locale: Locale; done: number; total: number }) {
  if (total === 0) return null;
  const percent = Math.round((done / total) * 100);
  const label = t(locale, "client.progress", { done, total });
  return (
    <div className="my-5">
      <p className="mb-1 text-sm font-medium text-slate-700">{label}</p>
      <div
        role="progressbar"
        aria-label={t(locale, "client.progressLabel")}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-[var(--accent)]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
