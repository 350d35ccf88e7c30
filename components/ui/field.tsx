// A labelled form field: label, the control, an optional hint and the field's error, with
// the ids wired so the error is announced with the control.
import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";

export interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

export function Field({ id, label, error, hint, optional, className = "", children }: FieldProps) {
  return (
    <div className={className}>
      <Label htmlFor={id} optional={optional}>
        {label}
      </Label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
