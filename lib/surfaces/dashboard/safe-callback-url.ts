// Where to go after signing in: only a path on this site, so a crafted link cannot send a
// freshly signed-in user to another origin (open redirect). Without one, Home: what needs
// attention now, and for a new agency or a new teammate the first-run checklist.
export const DEFAULT_AFTER_LOGIN = "/dashboard";

export function safeCallbackUrl(value: string | string[] | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v || v.length > 2000) return fallback;
  // "//host" and "/\host" are protocol-relative in browsers; backslashes and controls are refused outright
  if (!v.startsWith("/") || v.startsWith("//") || /[\\\u0000-\u001f]/.test(v)) return fallback;
  try {
    const u = new URL(v, "http://local.invalid");
    if (u.origin !== "http://local.invalid") return fallback;
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    return fallback;
  }
}
