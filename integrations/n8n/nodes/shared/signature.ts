// Checks a delivery's `Service-Signature` header as the spec's Signature section says:
// `t=<unix seconds>,v1=<hex>[,v1=<hex>]`, each v1 the lowercase hex HMAC-SHA256 of
// `<t>.<raw body>` keyed with the whole signing secret (`whsec_` included), any v1 may
// match (two during a secret rotation), and a timestamp more than 300 seconds away is refused.
import { createHmac, timingSafeEqual } from "crypto";

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function verifySignature(opts: {
  header: string | undefined;
  rawBody: Buffer;
  secret: string;
  nowSeconds?: number;
}): SignatureCheck {
  if (!opts.header) return { ok: false, reason: "the Service-Signature header is missing" };
  const parts = opts.header.split(",").map((p) => {
    const at = p.indexOf("=");
    return at === -1 ? ["", ""] : [p.slice(0, at).trim(), p.slice(at + 1).trim()];
  });
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isSafeInteger(t)) return { ok: false, reason: "the Service-Signature header has no timestamp" };
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > SIGNATURE_TOLERANCE_SECONDS)
    return { ok: false, reason: "the signature's timestamp is more than 300 seconds away" };
  const expected = Buffer.from(
    createHmac("sha256", opts.secret).update(`${t}.`).update(opts.rawBody).digest("hex"),
    "utf8",
  );
  const matches = parts
    .filter(([k]) => k === "v1")
    .some(([, v]) => {
      const given = Buffer.from(v ?? "", "utf8");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  return matches ? { ok: true } : { ok: false, reason: "no v1 signature matches the webhook's secret" };
}
