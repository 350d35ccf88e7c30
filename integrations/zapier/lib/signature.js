// Verifies a webhook delivery the way docs/api.md ("Receiving webhooks") tells receivers to:
// `Service-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`, each v1 the lowercase hex
// HMAC-SHA256 of `<t>.<raw body>` keyed with the whole signing secret (`whsec_` included);
// any v1 matching is enough (a rotation sends two); a timestamp more than 300 seconds from
// now is refused. The same rule as the app's lib/infra/delivery/sign-payload.ts, written
// again here because this package is installed on its own.
"use strict";

const crypto = require("node:crypto");

const TOLERANCE_SECONDS = 300;

function parseHeader(header) {
  let timestamp = null;
  const signatures = [];
  for (const item of String(header).split(",")) {
    const eq = item.indexOf("=");
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === "t") {
      if (!/^\d{1,15}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === "v1") signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** Why the delivery is refused, or null when a v1 value matches the secret within the tolerance. */
function signatureProblem({ header, body, secret, now = Math.floor(Date.now() / 1000) }) {
  if (!secret) return "the Zap holds no signing secret for its webhook";
  if (!header) return "the delivery has no Service-Signature header";
  if (typeof body !== "string") return "the delivery's raw body is missing";
  const parsed = parseHeader(header);
  if (!parsed) return "the Service-Signature header is malformed";
  if (Math.abs(now - parsed.timestamp) > TOLERANCE_SECONDS)
    return "the signature's timestamp is more than 300 seconds from now";
  const expected = Buffer.from(
    crypto.createHmac("sha256", secret).update(`${parsed.timestamp}.`).update(body).digest("hex"),
    "utf8",
  );
  let matched = false;
  for (const candidate of parsed.signatures) {
    const given = Buffer.from(candidate, "utf8");
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) matched = true;
  }
  return matched ? null : "the signature does not match the webhook's signing secret";
}

/**
 * A header of `bundle.rawRequest`, where Zapier names headers other than Content-Type and
 * Content-Length `Http-<Camel-Case name>` (`Service-Signature` arrives as
 * `Http-Service-Signature`): https://docs.zapier.com/platform/build-cli/core (bundle.rawRequest).
 */
function rawHeader(headers, name) {
  const wanted = [`http-${name}`.toLowerCase(), name.toLowerCase()];
  for (const [key, value] of Object.entries(headers || {})) {
    if (wanted.includes(key.toLowerCase())) return Array.isArray(value) ? value.join(",") : value;
  }
  return undefined;
}

module.exports = { signatureProblem, rawHeader, TOLERANCE_SECONDS };
