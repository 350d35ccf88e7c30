// Form label; `optional` adds a quiet marker so required fields need no asterisks.
import type { LabelHTMLAttributes } from "react";

export interface LabelProps extends LabelHTMLAttributes<HTMLLabelElement> {
  optional?: boolean;
}

export function Label({ optional, className = "", children, ...rest }: LabelProps) {
  return (
    <label className={`mb-1 block text-sm font-medium text-slate-800 ${className}`} {...rest}>
      {children}
      {optional ? <span className="ml-1 font-normal text-slate-600">(optional)</span> : null}
    </label>
  );
}
