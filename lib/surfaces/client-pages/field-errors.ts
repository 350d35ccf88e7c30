// Per-field form errors of the access pages (intake answers, static link details) as a
// closed set of codes. Without JavaScript they travel in the page URL after a refused
// post (`fields=<name>:<code>,...`); the page turns them into words in the client's
// language. Unknown codes or names in a crafted URL are dropped.

import { t, type Locale } from "@/lib/infra/i18n/dictionary";

export const FIELD_ERROR_CODES = [
  "required",
  "tooLong200",
  "tooLong320",
  "tooLong1000",
  "tooLong5000",
  "chooseOne",
  "chooseAtLeastOne",
  "invalidOption",
  "nameRequired",
  "emailInvalid",
  "invalidCharacters",
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** Field name → what is wrong with it. */
export type FieldErrors = Record<string, FieldErrorCode>;

const FIELD_NAME = /^[A-Za-z0-9._-]{1,80}$/;
const MAX_ENCODED_FIELDS = 60;

/** A field name that can travel in the page URL with its error. */
export function isFieldName(name: string): boolean {
  return FIELD_NAME.test(name);
}

export function isFieldErrorCode(value: string): value is FieldErrorCode {
  return (FIELD_ERROR_CODES as readonly string[]).includes(value);
}

export function tooLongCode(max: number): FieldErrorCode {
  switch (max) {
    case 200:
      return "tooLong200";
    case 320:
      return "tooLong320";
    case 1000:
      return "tooLong1000";
    default:
      return "tooLong5000";
  }
}

export function fieldErrorMessage(locale: Locale, code: FieldErrorCode): string {
  switch (code) {
    case "required":
      return t(locale, "intake.required");
    case "tooLong200":
      return t(locale, "validation.tooLong", { max: 200 });
    case "tooLong320":
      return t(locale, "validation.tooLong", { max: 320 });
    case "tooLong1000":
      return t(locale, "intake.tooLong", { max: 1000 });
    case "tooLong5000":
      return t(locale, "intake.tooLong", { max: 5000 });
    case "chooseOne":
      return t(locale, "intake.chooseOne");
    case "chooseAtLeastOne":
      return t(locale, "intake.chooseAtLeastOne");
    case "invalidOption":
      return t(locale, "intake.invalidOption");
    case "nameRequired":
      return t(locale, "validation.nameRequired");
    case "emailInvalid":
      return t(locale, "validation.emailInvalid");
    case "invalidCharacters":
      return t(locale, "validation.invalidCharacters");
  }
}

export function encodeFieldErrors(fields: FieldErrors): string {
  return Object.entries(fields)
    .map(([name, code]) => `${name}:${code}`)
    .join(",");
}

export function decodeFieldErrors(value: string | null | undefined): FieldErrors {
  const out: FieldErrors = {};
  if (!value) return out;
  for (const part of value.split(",").slice(0, MAX_ENCODED_FIELDS)) {
    const i = part.lastIndexOf(":");
    if (i <= 0) continue;
    const name = part.slice(0, i);
    const code = part.slice(i + 1);
    if (FIELD_NAME.test(name) && isFieldErrorCode(code)) out[name] = code;
  }
  return out;
}

/** The localized message of every field, for JSON answers to the enhanced forms. */
export function fieldErrorMessages(locale: Locale, fields: FieldErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, code]) => [name, fieldErrorMessage(locale, code)]));
}
