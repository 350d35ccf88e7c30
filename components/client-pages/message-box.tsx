// A notice (status) or a problem (alert) shown at the top of a client page.
import type { ReactNode } from "react";

const TONES = {
  success: "border-green-300 bg-green-50 text-green-900",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  error: "border-red-300 bg-red-50 text-red-900",
} as const;

export function MessageBox({
  tone,
  title,
  children,
}: {
  tone: keyof typeof TONES;
  title?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`mb-4 rounded-lg border px-4 py-3 text-sm ${TONES[tone]}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : undefined}>{children}</div> : null}
    </div>
  );
}
