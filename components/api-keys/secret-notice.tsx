"use client";
// The one time a secret (API key or webhook signing secret) is shown: the value, a copy
// button and a plain warning that it cannot be shown again.
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

export function SecretNotice({
  title,
  value,
  onDone,
  children,
}: {
  title: string;
  value: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  return (
    <div role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-4" data-testid="secret-notice">
      <p className="font-semibold text-emerald-900">{title}</p>
      <p className="mt-1 text-sm text-emerald-900">Copy it now and keep it somewhere safe: it is not shown again.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded-lg border border-emerald-200 bg-white px-3 py-2 font-mono text-sm text-slate-900"
          data-testid="secret-value"
        >
          {value}
        </code>
        <CopyButton value={value} />
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
      {children}
    </div>
  );
}
