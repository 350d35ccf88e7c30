// Values sealed inside a stored JSON text: a stored event body keeps the client's links (the
// URL with its token) sealed with ENCRYPTION_KEY in the one format of crypto.ts, the rest of
// the body readable, so the database alone gives no working link while the dashboard still
// reads the body. A sealed value is the string `sealed:v1:<iv.tag.ciphertext>`, bound to the
// row's id (associated data), so a value copied onto another row does not open. Opening
// turns the stored text back into exactly the JSON it was made from; text written before
// (plain values) comes back unchanged.
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";

export const SEALED_VALUE_PREFIX = "sealed:v1:";

/**
 * `JSON.stringify(value)` with the string values of the named fields (at any depth) sealed.
 * `boundTo`: the id of the row that will hold the text.
 */
export function stringifySealed(
  value: unknown,
  fields: ReadonlySet<string>,
  boundTo: string,
  key: Buffer = loadSecrets().encryptionKey,
): string {
  return JSON.stringify(value, (name, v: unknown) =>
    fields.has(name) && typeof v === "string" ? SEALED_VALUE_PREFIX + encryptText(v, key, boundTo) : v,
  );
}

/**
 * The JSON text with every sealed value opened: what `JSON.stringify` gave before sealing.
 * Plain text (older rows) is returned as it is; a value that does not open (another key or
 * row, altered) is left sealed rather than guessed.
 */
export function openSealedJson(text: string, boundTo: string, key: Buffer = loadSecrets().encryptionKey): string {
  if (!text.includes(SEALED_VALUE_PREFIX)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (_name, v: unknown) =>
      typeof v === "string" && v.startsWith(SEALED_VALUE_PREFIX)
        ? (decryptText(v.slice(SEALED_VALUE_PREFIX.length), key, boundTo) ?? v)
        : v,
    );
  } catch {
    return text;
  }
  return JSON.stringify(parsed);
}
