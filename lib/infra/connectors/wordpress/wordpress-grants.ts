// WordPress in one click, on Application Passwords (WordPress 5.6 and later; Application
// Passwords: Integration Guide, https://make.wordpress.org/core/2020/11/05/application-passwords-integration-guide/):
// 1. Discovery: the REST index (GET /wp-json/) advertises the approval page under
//    `authentication["application-passwords"].endpoints.authorization`. Without it (not
//    HTTPS, turned off by a plugin, Basic Auth in front of the site, no REST API) the client
//    follows the steps instead, told why.
// 2. Approval: the client's administrator opens that page (wp-admin/authorize-application.php)
//    with `app_name`, `app_id` (a UUID) and `success_url`/`reject_url`; approving sends the
//    browser to `success_url` with `site_url`, `user_login` and `password`; rejecting to
//    `reject_url` exactly as given (WordPress adds `success=false` only to success_url, when no
//    reject_url is given: src/wp-admin/authorize-application.php, and auth-app.js sends the
//    browser to authApp.reject as is), so a decline has its own address.
// 3. The grant, with that application password as HTTP Basic (Users,
//    https://developer.wordpress.org/rest-api/reference/users/): the agency's user is looked up
//    by email (GET /wp/v2/users?search=&context=edit); missing, it is created (POST
//    /wp/v2/users with username, email, password, roles: ["administrator"]); present without
//    the administrator role, the role is added to the ones it holds (POST /wp/v2/users/{id}
//    with roles: the union), never taking one away; already an administrator, nothing is
//    written. Then read back.
// 4. Nothing of the client's is kept: the application password is deleted at once (GET
//    /wp/v2/users/me/application-passwords to find its `uuid` by our `app_id`, then DELETE
//    /wp/v2/users/me/application-passwords/{uuid}; Application Passwords,
//    https://developer.wordpress.org/rest-api/reference/application-passwords/).
// Removal is the same approval (the client's removal link), then DELETE
// /wp/v2/users/{id}?force=true&reassign={the approving administrator's id}, who keeps the
// agency user's posts; read back, and the password deleted the same way.
import crypto from "node:crypto";
import type { AssetGrantResult, RemovedAccess } from "@/lib/infra/connectors/connector";
import { assetFailure } from "@/lib/infra/connectors/platform-errors";
import {
  WORDPRESS,
  WordPressApiError,
  wordpressCall,
  WordPressUnreachable,
  type WordPressSite,
} from "@/lib/infra/connectors/wordpress/wordpress-site";

/** The one role the catalog asks for on WordPress (wordpress_site): the top of WordPress's roles. */
export const WORDPRESS_ROLE = "administrator";
/** WordPress's default roles, strongest first (Roles and Capabilities, https://wordpress.org/documentation/article/roles-and-capabilities/). */
export const WORDPRESS_ROLE_ORDER = [["administrator", "editor", "author", "contributor", "subscriber"]] as const;

export type Availability = { ok: true; authorizeUrl: string } | { ok: false; reason: UnavailableReason };
/** Why one click is not offered on this site; the client pages say it in the client's language. */
export type UnavailableReason = "unreachable" | "no_rest_api" | "app_passwords_off";

/** Step 1: whether the site offers Application Passwords, and where its approval page is. */
export async function discoverWordPress(site: WordPressSite): Promise<Availability> {
  let index: unknown;
  try {
    index = await wordpressCall(site, { route: "/" });
  } catch (err) {
    if (err instanceof WordPressUnreachable) return { ok: false, reason: "unreachable" };
    // 401 (Basic Auth in front of the site), 404 (no REST API): the steps instead
    if (err instanceof WordPressApiError) return { ok: false, reason: "no_rest_api" };
    throw err;
  }
  const auth = (index as { authentication?: Record<string, unknown> } | null)?.authentication;
  const endpoint = (auth?.["application-passwords"] as { endpoints?: { authorization?: unknown } } | undefined)
    ?.endpoints?.authorization;
  if (typeof endpoint !== "string") return { ok: false, reason: "app_passwords_off" };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: "app_passwords_off" };
  }
  // the approval page must be on the site the client named
  if (url.origin !== new URL(site.url).origin) return { ok: false, reason: "app_passwords_off" };
  return { ok: true, authorizeUrl: url.toString() };
}

/** Step 2: the approval page with our parameters. `appId` names the password so it can be found and deleted. */
export function wordpressApprovalUrl(
  authorizeUrl: string,
  input: { appName: string; appId: string; successUrl: string; rejectUrl: string },
): string {
  const url = new URL(authorizeUrl);
  url.searchParams.set("app_name", input.appName);
  url.searchParams.set("app_id", input.appId);
  url.searchParams.set("success_url", input.successUrl);
  url.searchParams.set("reject_url", input.rejectUrl);
  return url.toString();
}

export type Approval =
  | { ok: true; siteUrl: string; userLogin: string; password: string }
  | {
      ok: false;
      reason: "rejected" | "invalid";
      /** a password the site issued all the same (its answer named another site): to be given up */
      issued?: { userLogin: string; password: string };
    };

/**
 * What the approval page sent back to success_url (`site_url`, `user_login`, `password`), or
 * `success=false` on success_url when no reject_url was given (src/wp-admin/authorize-application.php).
 */
export function readApproval(query: Record<string, string | undefined>, site: WordPressSite): Approval {
  if (query.success === "false") return { ok: false, reason: "rejected" };
  const { site_url: siteUrl, user_login: userLogin, password } = query;
  if (!siteUrl || !userLogin || !password) return { ok: false, reason: "invalid" };
  // The credentials are used on the site the client named, nowhere else. An answer naming
  // another site (WordPress's site_url() differs from the address typed) is refused, and the
  // password it carries, issued by the site the client was sent to, is given up there.
  let same = false;
  try {
    same = new URL(siteUrl).origin === new URL(site.url).origin;
  } catch {
    same = false;
  }
  if (!same) return { ok: false, reason: "invalid", issued: { userLogin, password } };
  return { ok: true, siteUrl, userLogin, password };
}

type WpUser = { id: number; email: string | null; roles: string[]; username: string | null };

function asUser(value: unknown): WpUser | null {
  const u = value as { id?: unknown; email?: unknown; roles?: unknown; username?: unknown } | null;
  if (!u || typeof u.id !== "number") return null;
  return {
    id: u.id,
    email: typeof u.email === "string" ? u.email : null,
    roles: Array.isArray(u.roles) ? u.roles.filter((r): r is string => typeof r === "string") : [],
    username: typeof u.username === "string" ? u.username : null,
  };
}

/** The site's user with this email (edit context: email and roles), or null. */
async function findUser(site: WordPressSite, auth: Auth, email: string): Promise<WpUser | null> {
  const list = await wordpressCall(site, {
    route: "/wp/v2/users",
    query: { search: email, context: "edit", per_page: 100 },
    auth,
  });
  const users = (Array.isArray(list) ? list : []).map(asUser).filter((u): u is WpUser => !!u);
  return users.find((u) => u.email?.toLowerCase() === email.toLowerCase()) ?? null;
}

type Auth = { user: string; password: string };

/** A login name WordPress accepts, from the agency's email (sanitize_user keeps a-z 0-9 _ . @ -). */
export function usernameFor(email: string): string {
  return email
    .toLowerCase()
    .replace(/[^a-z0-9_.@-]/g, "")
    .slice(0, 60);
}

/** Step 4: the application password we were given, found by our app_id and deleted. */
export async function deleteOurPassword(site: WordPressSite, auth: Auth, appId: string): Promise<boolean> {
  const list = await wordpressCall(site, { route: "/wp/v2/users/me/application-passwords", auth });
  const ours = (Array.isArray(list) ? list : []).filter(
    (p: { app_id?: unknown; uuid?: unknown }) => p?.app_id === appId && typeof p?.uuid === "string",
  ) as { uuid: string }[];
  for (const p of ours)
    await wordpressCall(site, {
      method: "DELETE",
      route: `/wp/v2/users/me/application-passwords/${encodeURIComponent(p.uuid)}`,
      auth,
    });
  return ours.length > 0;
}

/** The shared mapping, except that nothing is thrown before the password is deleted. */
function failure(assetId: string, err: unknown): AssetGrantResult {
  if (err instanceof WordPressUnreachable)
    return {
      assetId,
      ok: false,
      error: `${WORDPRESS} stopped answering: ${err.message}`,
      errorKind: "platform_unavailable",
    };
  try {
    return assetFailure(WORDPRESS, assetId, err);
  } catch (whole) {
    // 401: the site did not take the approved password (a proxy in front of it); 429: limited
    return { assetId, ok: false, error: (whole as Error).message, errorKind: "platform_error" };
  }
}

export type WordPressGrantInput = {
  site: WordPressSite;
  approval: { userLogin: string; password: string };
  appId: string;
  agencyEmail: string;
};

/** Steps 3 and 4: the agency's administrator on the site, then the password deleted (whatever happened). */
export async function grantWordPress(
  input: WordPressGrantInput,
): Promise<{ result: AssetGrantResult; passwordDeleted: boolean }> {
  const { site, agencyEmail } = input;
  const auth = { user: input.approval.userLogin, password: input.approval.password };
  const assetId = site.url;
  let result: AssetGrantResult;
  try {
    const existing = await findUser(site, auth, agencyEmail);
    if (existing?.roles.includes(WORDPRESS_ROLE)) {
      result = { assetId, ok: true, error: null, alreadyGranted: true, verified: true };
    } else {
      if (existing) {
        // the role added to those it holds: nothing taken away
        await wordpressCall(site, {
          method: "POST",
          route: `/wp/v2/users/${existing.id}`,
          json: { roles: [WORDPRESS_ROLE, ...existing.roles.filter((r) => r !== WORDPRESS_ROLE)] },
          auth,
        });
      } else {
        await wordpressCall(site, {
          method: "POST",
          route: "/wp/v2/users",
          json: {
            username: usernameFor(agencyEmail),
            email: agencyEmail,
            // never used: the agency sets its own through "Lost your password?"
            password: crypto.randomBytes(24).toString("base64url"),
            roles: [WORDPRESS_ROLE],
          },
          auth,
        });
      }
      const after = await findUser(site, auth, agencyEmail);
      result = { assetId, ok: true, error: null, verified: !!after?.roles.includes(WORDPRESS_ROLE) };
    }
  } catch (err) {
    result = failure(assetId, err);
  }
  return { result, passwordDeleted: await releaseWordPress(input) };
}

export type WordPressRemovalInput = Omit<WordPressGrantInput, "agencyEmail"> & {
  /** the agency's users to remove (one per agency account the site was granted to) */
  agencyEmails: string[];
};

/**
 * Removal, approved on the site like the grant: each agency user deleted (DELETE
 * /wp/v2/users/{id} with force=true, its content reassigned to the approving administrator;
 * Users, https://developer.wordpress.org/rest-api/reference/users/#delete-a-user), read back
 * as gone, then the application password deleted whatever happened.
 */
export async function removeWordPress(
  input: WordPressRemovalInput,
): Promise<{ removed: Map<string, RemovedAccess>; passwordDeleted: boolean }> {
  const { site } = input;
  const auth = { user: input.approval.userLogin, password: input.approval.password };
  const removed = new Map<string, RemovedAccess>();
  let me: WpUser | null | undefined;
  for (const agencyEmail of input.agencyEmails) {
    try {
      const user = await findUser(site, auth, agencyEmail);
      if (user) {
        // Users, Retrieve a User: /wp/v2/users/me is the approving administrator
        me ??= asUser(await wordpressCall(site, { route: "/wp/v2/users/me", query: { context: "edit" }, auth }));
        if (!me || me.id === user.id) {
          removed.set(agencyEmail, {
            assetId: site.url,
            removed: false,
            detail: "The site was approved with the agency's own user, which cannot delete itself.",
          });
          continue;
        }
        await wordpressCall(site, {
          method: "DELETE",
          route: `/wp/v2/users/${user.id}`,
          query: { force: true, reassign: me.id },
          auth,
        });
      }
      const still = await findUser(site, auth, agencyEmail);
      removed.set(
        agencyEmail,
        still
          ? { assetId: site.url, removed: false, detail: "WordPress still lists the agency's user." }
          : { assetId: site.url, removed: true, detail: null },
      );
    } catch (err) {
      removed.set(agencyEmail, {
        assetId: site.url,
        removed: false,
        detail: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return { removed, passwordDeleted: await releaseWordPress({ site, approval: input.approval, appId: input.appId }) };
}

/** The application password given up without using it (an answer that came too late, a closed request). */
export async function releaseWordPress(input: Omit<WordPressGrantInput, "agencyEmail">): Promise<boolean> {
  try {
    return await deleteOurPassword(
      input.site,
      { user: input.approval.userLogin, password: input.approval.password },
      input.appId,
    );
  } catch {
    return false;
  }
}
