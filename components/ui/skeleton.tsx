// Grey placeholder blocks in the shape of the content to come, instead of "Loading…" text.
// Announced once to screen readers through the label.
export function Skeleton({
  lines = 3,
  label = "Loading",
  title = true,
}: {
  lines?: number;
  label?: string;
  title?: boolean;
}) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="animate-pulse space-y-3" data-testid="skeleton">
      <span className="sr-only">{label}</span>
      {title ? <div className="h-7 w-1/3 rounded-md bg-slate-200" /> : null}
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="h-16 rounded-xl border border-slate-200 bg-white" />
      ))}
    </div>
  );
}
