// Test support: the dashboard over plain HTTP, the way the browser drives it. Signs a user in
// through next-auth's credentials endpoint (keeping the cookies), finds a Server Action's id
// in the build's server-reference-manifest.json, and posts the action as Next.js's client
// router does (Next-Action header, arguments encoded as a JSON reply), reading the result
// from the RSC answer.
import fs from "node:fs";
import path from "node:path";
import { STANDALONE } from "@/test/support/standalone-server";

interface ManifestEntry {
  workers: Record<string, unknown>;
  filename?: string;
  exportedName?: string;
}

/** The id of `exportedName` in `filename` (e.g. "app/(dashboard)/dashboard/clients/client-actions.ts") and a page that serves it. */
export function serverAction(
  filename: string,
  exportedName: string,
  /** the page to post to, for an action only pages with dynamic segments use ("/join/<token>") */
  pageUrl?: string,
): { id: string; page: string } {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(STANDALONE, ".next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, ManifestEntry> };
  const found = Object.entries(manifest.node).find(
    ([, e]) => e.filename === filename && e.exportedName === exportedName,
  );
  if (!found) throw new Error(`no server action ${exportedName} in ${filename} in this build`);
  const [id, entry] = found;
  if (pageUrl) return { id, page: pageUrl };
  // a page without dynamic segments, as a URL: route groups dropped, "/page" cut
  const worker = Object.keys(entry.workers).find((w) => !w.includes("["));
  if (!worker) throw new Error(`server action ${exportedName} is used by no static page`);
  const page =
    worker
      .replace(/^app/, "")
      .replace(/\/\([^)]+\)/g, "")
      .replace(/\/page$/, "") || "/";
  return { id, page };
}

/** Cookies from Set-Cookie headers, merged into `jar`. */
function keepCookies(jar: Map<string, string>, res: Response) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const eq = pair!.indexOf("=");
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
}

export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Signs in with email and password at `base`; returns the cookie jar holding the session. */
export async function signInDashboard(base: string, email: string, password: string): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keepCookies(jar, csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  keepCookies(jar, res);
  if (![...jar.keys()].some((k) => k.endsWith("next-auth.session-token")))
    throw new Error(`sign-in at ${base} gave no session (status ${res.status}): ${await res.text()}`);
  return jar;
}

/** Posts a Server Action with `args`, as the client router does (keeping the cookies it sets in `jar`); returns the action's return value. */
export async function callServerAction<T = unknown>(
  base: string,
  action: { id: string; page: string },
  args: unknown[],
  jar: Map<string, string>,
  /** the agency the calling tab shows (X-Dashboard-Agency, as the dashboard page sends it) */
  agencyId?: string,
): Promise<{ status: number; value: T }> {
  const res = await fetch(`${base}${action.page}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      accept: "text/x-component",
      "next-action": action.id,
      "content-type": "text/plain;charset=UTF-8",
      origin: base,
      cookie: cookieHeader(jar),
      ...(agencyId ? { "x-dashboard-agency": agencyId } : {}),
    },
    // React's encodeReply of plain JSON values (no string here starts with "$")
    body: JSON.stringify(args),
  });
  // as the browser does: a cookie the action sets (a renewed session) is sent from then on
  keepCookies(jar, res);
  const text = await res.text();
  if (res.headers.get("x-nextjs-action-not-found") === "1")
    throw new Error(`server action ${action.id} not found at ${base}`);
  // The RSC rows: `0:` is the envelope pointing at the returned value (`"a":"$@1"`), `1:` the value.
  const rows = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^([0-9a-f]+):(.*)$/.exec(line);
    if (m) rows.set(m[1]!, m[2]!);
  }
  const envelope = rows.get("0");
  if (!envelope) throw new Error(`no action result (status ${res.status}): ${text.slice(0, 500)}`);
  const ref = (JSON.parse(envelope) as { a?: string }).a;
  const row = ref?.startsWith("$@") ? rows.get(ref.slice(2)) : undefined;
  if (row === undefined) throw new Error(`no action result row (status ${res.status}): ${text.slice(0, 500)}`);
  return { status: res.status, value: JSON.parse(row) as T };
}
