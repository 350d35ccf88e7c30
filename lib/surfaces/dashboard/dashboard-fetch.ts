// Browser-side JSON reads from the dashboard routes: unwraps the envelope, turns an error
// body into DashboardFetchError, and sends the user to sign-in (and back) when the session
// has ended.
export class DashboardFetchError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

async function send(url: string): Promise<{ data: unknown; meta?: { nextCursor?: string | null } }> {
  const res = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
  const body = (await res.json().catch(() => null)) as {
    data?: unknown;
    meta?: { nextCursor?: string | null };
    error?: { code: string; message: string };
  } | null;
  if (res.status === 401 && typeof window !== "undefined") {
    const here = `${window.location.pathname}${window.location.search}`;
    // A full load: the expired session leaves nothing of the dashboard behind.
    window.location.assign(`/login?callbackUrl=${encodeURIComponent(here)}`);
  }
  if (!res.ok || !body || body.error) {
    throw new DashboardFetchError(
      res.status,
      body?.error?.code ?? "INTERNAL",
      body?.error?.message ?? `Request failed (${res.status}).`,
    );
  }
  return body as { data: unknown; meta?: { nextCursor?: string | null } };
}

export async function fetchData<T>(url: string): Promise<T> {
  return (await send(url)).data as T;
}

export async function fetchPage<T>(url: string): Promise<Page<T>> {
  const body = await send(url);
  return { data: body.data as T[], nextCursor: body.meta?.nextCursor ?? null };
}

/** `?a=1&b=2` from the defined, non-empty values. */
export function queryString(params: Record<string, string | undefined | null>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") sp.set(k, v);
  const s = sp.toString();
  return s ? `?${s}` : "";
}
