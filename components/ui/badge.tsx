// Status pill. Known statuses of requests, services, accounts and webhooks get a fixed
// colour so the same state looks the same on every page; colours keep AA contrast.
import type { ReactNode } from "react";

export type BadgeTone = "gray" | "blue" | "green" | "amber" | "red" | "indigo";

const TONES: Record<BadgeTone, string> = {
  gray: "bg-slate-100 text-slate-700 ring-slate-300",
  blue: "bg-sky-50 text-sky-800 ring-sky-300",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  amber: "bg-amber-50 text-amber-800 ring-amber-300",
  red: "bg-red-50 text-red-800 ring-red-300",
  indigo: "bg-indigo-50 text-indigo-800 ring-indigo-300",
};

export const STATUS_TONES: Record<string, BadgeTone> = {
  pending: "amber",
  in_progress: "blue",
  completed: "green",
  cancelled: "gray",
  expired: "red",
  granted: "green",
  skipped: "gray",
  awaiting_confirmation: "indigo",
  connected: "green",
  disconnected: "gray",
  active: "green",
  paused: "amber",
  delivered: "green",
  failed: "red",
  prospect: "indigo",
};

export function statusLabel(status: string): string {
  const s = status.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export interface BadgeProps {
  tone?: BadgeTone;
  /** picks the tone and the label from a status value */
  status?: string;
  className?: string;
  children?: ReactNode;
}

export function Badge({ tone, status, className = "", children }: BadgeProps) {
  const t = tone ?? (status ? STATUS_TONES[status] : undefined) ?? "gray";
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap ${TONES[t]} ${className}`}
    >
      {children ?? (status ? statusLabel(status) : null)}
    </span>
  );
}
