// Step 2 of a grant: the platform sign-in's session. A session belongs to one request,
// covers the services its sign-in asked for, holds the client's platform token (sealed)
// until one grant uses it, and expires. `findLiveSession` reads it (the asset picker uses
// it too); `takeGrantSession` takes the token off it for exactly one grant.

import type { Tx } from "@/lib/infra/db/db";
import { decryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { UUID } from "@/lib/core/common/uuid";
import { GrantRefusal } from "@/lib/core/grants/grant-refusal";
import type { ChosenService } from "@/lib/core/grants/check-grant-pick";

export interface LiveSession {
  id: string;
  sealedToken: string;
  accessToken: string;
  /** the services this sign-in covers, the one it was started from first */
  serviceIds: string[];
}

/** The services a stored grant session covers; sessions made before the list was kept cover their one service. */
export function sessionServices(session: { serviceId: string; serviceIds?: readonly string[] | null }): string[] {
  const list = session.serviceIds ?? [];
  return list.length > 0 ? [...list] : [session.serviceId];
}

/** The signed-in session ready for a grant, or why it is not. */
export async function findLiveSession(
  db: Tx,
  opts: { requestId: string; serviceId: string; sessionId: string; now: Date },
): Promise<LiveSession | { error: "sign_in_expired" | "sign_in_used" }> {
  if (!UUID.test(opts.sessionId)) return { error: "sign_in_expired" };
  const session = await db.grantSession.findFirst({ where: { id: opts.sessionId, requestId: opts.requestId } });
  if (!session || session.usedAt === null) return { error: "sign_in_expired" };
  const serviceIds = sessionServices(session);
  if (!serviceIds.includes(opts.serviceId)) return { error: "sign_in_expired" };
  // A used session with its token gone has already served a grant.
  if (session.accessToken === null) return { error: "sign_in_used" };
  if (session.expiresAt.getTime() <= opts.now.getTime()) return { error: "sign_in_expired" };
  const accessToken = decryptText(session.accessToken, loadSecrets().encryptionKey);
  if (accessToken === null) return { error: "sign_in_expired" };
  return { id: session.id, sealedToken: session.accessToken, accessToken, serviceIds };
}

/**
 * The session's platform token for this grant, taken off the session before it is used,
 * so a second submit (two tabs, a double click) finds nothing to use. Every chosen
 * service must be one the sign-in covers. Throws a `GrantRefusal` (sign_in_expired,
 * sign_in_used, not_allowed).
 */
export async function takeGrantSession(
  db: Tx,
  opts: { requestId: string; serviceId: string; sessionId: string; chosen: readonly ChosenService[]; now: Date },
): Promise<LiveSession> {
  const session = await findLiveSession(db, opts);
  if ("error" in session) throw new GrantRefusal(session.error);
  if (opts.chosen.some((c) => !session.serviceIds.includes(c.svc.serviceId))) throw new GrantRefusal("not_allowed");
  const taken = await db.grantSession.updateMany({
    where: { id: session.id, accessToken: session.sealedToken },
    data: { accessToken: null },
  });
  if (taken.count !== 1) throw new GrantRefusal("sign_in_used");
  return session;
}
