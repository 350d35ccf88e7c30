// Who a requested service belongs to. A service the client handed to a colleague is the
// colleague's: only their forwarded link may grant it, skip it or say it is done, until the
// client takes it back ("I'll do it myself after all"). The client's own link sees it, who
// it went to and how far they got, and nothing to act on. Pure: the caller reads the row.

/** What a service row keeps of the colleague it went to. */
export interface ForwardedTo {
  forwardId: string;
  name: string;
  email: string;
  at: string;
}

export function readForwardedTo(value: unknown): ForwardedTo | null {
  const v = value as Partial<ForwardedTo> | null;
  return v && typeof v.forwardId === "string" && typeof v.name === "string" && typeof v.email === "string"
    ? (v as ForwardedTo)
    : null;
}

/** What a service row keeps of the colleague who handed it back ("I can't do this"). */
export interface HandedBack {
  forwardId: string;
  name: string;
  email: string;
  reason: string | null;
  at: string;
}

export function readHandedBack(value: unknown): HandedBack | null {
  const v = value as Partial<HandedBack> | null;
  return v && typeof v.forwardId === "string" && typeof v.name === "string" && typeof v.email === "string"
    ? { ...(v as HandedBack), reason: typeof v.reason === "string" ? v.reason : null }
    : null;
}

/**
 * Whether the link that opened the request may act on the service: the client's own link
 * (`viaForward` unset) on a service not handed on, or a colleague's link on a service handed
 * to that link's forward.
 */
export function ownsService(svc: { forwardedTo?: unknown }, viaForward?: { id?: string } | null): boolean {
  const to = readForwardedTo(svc.forwardedTo);
  if (!viaForward) return to === null;
  return to !== null && (viaForward.id === undefined || to.forwardId === viaForward.id);
}
