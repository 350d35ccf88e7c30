// A labelled progress bar (done of total), announced as a progressbar to screen readers.
export function ProgressBar({
  done,
  total,
  label,
  className = "",
}: {
  done: number;
  total: number;
  label?: string;
  className?: string;
}) {
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <div
        role="progressbar"
        aria-label={label ?? "Progress"}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total}`}
        className="h-2 w-24 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${pct === 100 ? "bg-emerald-600" : "bg-indigo-600"}`}
          style={{ width: `${pct}%` }}
        />
      </div>
      <span className="text-xs tabular-nums text-slate-600">
        {done}/{total}
      </span>
    </div>
  );
}
