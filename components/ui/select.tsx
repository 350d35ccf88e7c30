// Native select with the shared field look (native keeps keyboard and screen reader behaviour).
import type { SelectHTMLAttributes } from "react";
import { fieldBorder, fieldClasses } from "@/components/ui/input";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
  options?: SelectOption[];
}

export function Select({ invalid, options, className = "", children, ...rest }: SelectProps) {
  return (
    <select
      className={`${fieldClasses} ${fieldBorder(invalid)} ${className}`}
      aria-invalid={invalid || undefined}
      {...rest}
    >
      {options?.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  );
}
