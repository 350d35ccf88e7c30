// Text input with the shared field look; `invalid` marks it for screen readers and styles it red.
import type { InputHTMLAttributes } from "react";

export const fieldClasses =
  "block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600 disabled:bg-slate-100 disabled:text-slate-600";

export function fieldBorder(invalid?: boolean): string {
  return invalid ? "border-red-500" : "border-slate-300";
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export function Input({ invalid, className = "", ...rest }: InputProps) {
  return (
    <input
      className={`${fieldClasses} ${fieldBorder(invalid)} ${className}`}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  );
}
