"use client";
// A tiny client-side toast store: `toast.success(...)` / `toast.error(...)` from anywhere in
// the browser, and one <Toaster /> in the dashboard layout that shows them in a live region.
// A failure belongs to the page it was raised on: moving to another page clears it.
import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";

export type ToastKind = "success" | "error" | "info";

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function dismissToast(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Removes every toast, or those of one kind (a success clears the failures before it). */
export function clearToasts(kind?: ToastKind) {
  const left = kind ? items.filter((t) => t.kind !== kind) : [];
  if (left.length === items.length) return;
  items = left;
  emit();
}

function push(kind: ToastKind, message: string, ttlMs = kind === "error" ? 8000 : 4000): number {
  const id = nextId++;
  items = [...items.slice(-4), { id, kind, message }];
  emit();
  setTimeout(() => dismissToast(id), ttlMs);
  return id;
}

export const toast = {
  success: (message: string) => push("success", message),
  error: (message: string) => push("error", message),
  info: (message: string) => push("info", message),
};

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

const EMPTY: ToastItem[] = [];

const KIND_CLASSES: Record<ToastKind, string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-slate-300 bg-white text-slate-900",
};

export function Toaster() {
  const pathname = usePathname();
  useEffect(() => clearToasts("error"), [pathname]);
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => EMPTY,
  );
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {list.map((t) => (
        <div
          key={t.id}
          role={t.kind === "error" ? "alert" : "status"}
          data-toast={t.kind}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${KIND_CLASSES[t.kind]}`}
        >
          <p className="flex-1">{t.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            className="text-current opacity-70 hover:opacity-100"
            aria-label="Dismiss"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
