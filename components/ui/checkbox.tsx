// Checkbox with its label in one clickable row; an optional hint explains the choice.
import type { InputHTMLAttributes, ReactNode } from "react";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: ReactNode;
  hint?: ReactNode;
}

export function Checkbox({ label, hint, className = "", id, ...rest }: CheckboxProps) {
  return (
    <label
      className={`flex items-start gap-2 text-sm ${rest.disabled ? "cursor-not-allowed text-slate-500" : "cursor-pointer text-slate-800"} ${className}`}
      htmlFor={id}
    >
      <input
        type="checkbox"
        id={id}
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-indigo-600"
        {...rest}
      />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-slate-600">{hint}</span> : null}
      </span>
    </label>
  );
}
