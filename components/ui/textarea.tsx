// Multi-line text input with the shared field look.
import type { TextareaHTMLAttributes } from "react";
import { fieldBorder, fieldClasses } from "@/components/ui/input";

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

export function Textarea({ invalid, className = "", rows = 3, ...rest }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      className={`${fieldClasses} ${fieldBorder(invalid)} ${className}`}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  );
}
