// Friction on the agency's static link without a third-party service: the page embeds a
// signed, time-bound form token (HMAC under the app secret, bound to the agency), and a
// post is accepted only when its token is at least STATIC_LINK_FORM_MIN_SECONDS old (a
// person needs a few seconds to type their details; a script posting in a loop does not
// wait) and at most STATIC_LINK_FORM_MAX_SECONDS (a form left open for hours is reloaded).
import { env } from "@/lib/infra/env";
import { signToken, verifyToken } from "@/lib/infra/secrets/signed-token";
import { AccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import type { Locale } from "@/lib/infra/i18n/dictionary";

const PURPOSE = "static-link-form";
export const STATIC_LINK_FORM_MAX_SECONDS = 4 * 60 * 60;

export function issueStaticLinkFormToken(agencyId: string, now: Date = new Date()): string {
  return signToken(PURPOSE, [agencyId], { now, ttlSeconds: STATIC_LINK_FORM_MAX_SECONDS });
}

/** Throws `form_expired` for a missing, forged, foreign or expired token and `too_fast` for one younger than the minimum. */
export function checkStaticLinkFormToken(opts: {
  token: string | null | undefined;
  agencyId: string;
  locale?: Locale;
  now?: Date;
}): void {
  const now = opts.now ?? new Date();
  const verified = opts.token ? verifyToken(PURPOSE, opts.token, { now }) : null;
  if (!verified || verified.fields[0] !== opts.agencyId)
    throw new AccessPageError("form_expired", { locale: opts.locale });
  const ageMs = now.getTime() - verified.issuedAt.getTime();
  const minMs = env().STATIC_LINK_FORM_MIN_SECONDS * 1000;
  if (ageMs < minMs)
    throw new AccessPageError("too_fast", {
      locale: opts.locale,
      retryAfterSeconds: Math.max(1, Math.ceil((minMs - ageMs) / 1000)),
    });
}
