"use client";
// A refused submit's errors gathered beside its button: a long form shows each error next to
// its field, possibly screens above, so the summary says what went wrong where the person is
// looking. It is announced (role="alert") and takes the focus on every refused try, scrolled
// into view.
import { useEffect, useRef, type ReactNode } from "react";

export function ErrorSummary({
  errors,
  title,
  attempt,
  children,
}: {
  /** field -> message, as the server returned them */
  errors: Record<string, string>;
  title: string;
  /** raised on each refused submit: the summary takes the focus again */
  attempt: number;
  /** what to do next, where the fix is on another page (a link to it) */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const messages = [...new Set(Object.values(errors).filter(Boolean))];
  const shown = messages.length > 0;
  useEffect(() => {
    if (!shown || attempt === 0) return;
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: "center" });
  }, [attempt, shown]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      data-testid="error-summary"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 focus:outline-2 focus:outline-red-600"
    >
      <p className="font-medium">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      {children}
    </div>
  );
}
