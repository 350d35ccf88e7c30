// A removal receipt's verification code: 100 random bits as 20 base32 characters in five
// groups of four (`K7QF-2M9X-…`), easy to read aloud and to type. Holding the code is what
// lets anyone read the receipt on this installation, so it is never guessable. Typed codes
// are read leniently: any case, spaces or dashes anywhere, and the letters people confuse
// (O for 0, I and L for 1) are taken for the digits.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford's base32: no I, L, O, U
export const RECEIPT_CODE_LENGTH = 20;

export function newReceiptCode(): string {
  const bytes = randomBytes(RECEIPT_CODE_LENGTH);
  let out = "";
  // 20 characters of 5 bits each; one byte per character, its low 5 bits (256 is a multiple of 32: unbiased)
  for (let i = 0; i < RECEIPT_CODE_LENGTH; i++) out += ALPHABET[bytes[i]! & 31];
  return formatReceiptCode(out);
}

function formatReceiptCode(raw: string): string {
  return raw.match(/.{1,4}/g)!.join("-");
}

/** The code in its stored form, or null when the input cannot be a receipt code. */
export function normalizeReceiptCode(input: string | null | undefined): string | null {
  if (typeof input !== "string" || input.length > 100) return null;
  const raw = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (raw.length !== RECEIPT_CODE_LENGTH) return null;
  for (const ch of raw) if (!ALPHABET.includes(ch)) return null;
  return formatReceiptCode(raw);
}
