// The error shown under a form field, in words for a person; renders nothing when there is none.
import { humanFieldMessage } from "@/lib/surfaces/dashboard/human-field-message";

export function FieldError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {humanFieldMessage(message)}
    </p>
  );
}
