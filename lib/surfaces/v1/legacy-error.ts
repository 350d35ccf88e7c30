// Turns anything a V1 route throws into V1's failure: the HTTP status of the shared error
// table and one message, with V2 field names spelled the V1 way (the rules and their
// messages are V2's; only the names differ).
import { toApiError } from "@/lib/core/common/to-api-error";

// V2 name → V1 name, for messages produced by the shared schemas and domain functions.
const V1_FIELD_NAMES: [RegExp, string][] = [
  [/\bintakeForm\.requested\b/g, "intakeForm"],
  [/\bclientId\b/g, "clientID"],
  [/\bredirectUrl\b/g, "redirectURL"],
  [/\binternalAccountId\b/g, "internalAccountID"],
  [/\badsMccAccountId\b/g, "adsMCCAccountID"],
  [/\bbusinessManagerId\b/g, "businessManagerID"],
];

export function legacyMessage(message: string): string {
  return V1_FIELD_NAMES.reduce((msg, [pattern, name]) => msg.replace(pattern, name), message);
}

export interface LegacyFailure {
  status: number;
  msg: string;
  headers: Record<string, string>;
}

export function toLegacyFailure(err: unknown, requestId: string): LegacyFailure {
  const e = toApiError(err, requestId);
  return { status: e.status, msg: legacyMessage(e.message), headers: e.headers };
}
