// Which services one platform sign-in covers. A client signs in once per platform: the
// sign-in started from one service also covers every other service of the same platform
// in the request that is still waiting for a one-click grant, so it asks for all their
// scopes at once (the connectors take the union of the listed services' scopes) and the
// picker shows each of them. A service the link may not act on (the client's service handed
// to a colleague) is never covered: it is the colleague's to grant. Pure: the caller reads
// the request.

export interface SignInCandidate {
  serviceId: string;
  platform: string;
  status: string;
  /** granted in one click through the platform's sign-in (catalog `clientFlow` "one_click") */
  oneClick: boolean;
  /** whether the link the sign-in starts from may act on it (forward-ownership.ts); true when unset */
  owned?: boolean;
}

/**
 * The services a sign-in started from `serviceId` covers, in request order with
 * `serviceId` first; empty when `serviceId` itself cannot be granted now.
 */
export function signInServices(services: readonly SignInCandidate[], serviceId: string): string[] {
  const start = services.find((s) => s.serviceId === serviceId);
  const grantable = (s: SignInCandidate) => s.oneClick && s.status === "pending" && s.owned !== false;
  if (!start || !grantable(start)) return [];
  const others = services
    .filter((s) => s.serviceId !== serviceId && s.platform === start.platform && grantable(s))
    .map((s) => s.serviceId);
  return [serviceId, ...new Set(others)];
}
