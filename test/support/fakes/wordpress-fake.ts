// Contract fake of a client's WordPress site (5.6 or later), written from WordPress's own
// documentation, apart from the connector:
// - the REST index, GET /wp-json/, advertising the approval page under
//   `authentication["application-passwords"].endpoints.authorization` (Application Passwords:
//   Integration Guide, https://make.wordpress.org/core/2020/11/05/application-passwords-integration-guide/);
// - the approval page, /wp-admin/authorize-application.php: `app_name` required, `app_id` a UUID
//   when given, `success_url` and `reject_url` https unless the site's environment is "local"
//   (the guide); approving creates an application password and redirects to success_url with
//   `site_url`, `user_login` and `password`; rejecting redirects to reject_url exactly as given,
//   or, without one, to success_url with `success=false` added (WordPress's
//   src/wp-admin/authorize-application.php and src/js/_enqueues/admin/auth-app.js);
// - Users (https://developer.wordpress.org/rest-api/reference/users/): GET /wp/v2/users
//   (`search`, `context=edit` for email and roles, list_users needed), POST /wp/v2/users
//   (username, email and password required; roles from the site's roles; an email or login
//   already used answers 400 existing_user_login / existing_user_email, login first), POST|PUT|PATCH
//   /wp/v2/users/{id} and /wp/v2/users/me (`roles` replaces the user's roles, each must exist, an
//   administrator may not give itself a weaker one; the username is not editable; an email of
//   another user is refused), DELETE /wp/v2/users/{id} (`force=true` required, `reassign`
//   required), GET /wp/v2/users/me;
// - Application Passwords (https://developer.wordpress.org/rest-api/reference/application-passwords/):
//   GET /wp/v2/users/me/application-passwords, DELETE .../{uuid};
// with WordPress's `{ code, message, data: { status } }` errors. Every REST call but the index
// needs HTTP Basic with a live application password (401 rest_not_logged_in without one,
// 401 incorrect_password with one that was deleted or never given).
// Switches: `appPasswords` (false: the index advertises none, as when a plugin turns them off),
// `basicAuthInFront` (every request answers 401 from a proxy, before WordPress), `decision`
// ("approve" or "reject" on the approval page), `approverIsAdmin` (false: the approving user is
// an editor, who may not create users: 403 rest_cannot_create_user), `siteUrl` (the `site_url`
// the approval names, as a site whose WordPress address differs from the one typed).
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const WORDPRESS_ROLES = ["administrator", "editor", "author", "contributor", "subscriber"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type WpUserRow = { id: number; username: string; email: string; roles: string[] };
export type WpAppPassword = { uuid: string; app_id: string; name: string; password: string; userId: number };
export type WpCall = { method: string; path: string; query: Record<string, string>; body: unknown };

export type WordPressFake = {
  url: string;
  users: Map<number, WpUserRow>;
  appPasswords: WpAppPassword[];
  calls: WpCall[];
  switches: {
    appPasswords: boolean;
    basicAuthInFront: boolean;
    decision: "approve" | "reject";
    approverIsAdmin: boolean;
    /** the `site_url` the approval sends back (WordPress's site_url()); the fake's own address by default */
    siteUrl: string | null;
  };
  addUser(u: Omit<WpUserRow, "id">): WpUserRow;
  reset(): void;
  close(): Promise<void>;
};

const fail = (status: number, code: string, message: string) => ({ status, json: { code, message, data: { status } } });

/** WP_REST_Users_Controller::check_role_update: each role must exist; an administrator may not give itself a role without edit_users. */
function roleProblem(roles: unknown[], editingSelf: boolean) {
  for (const r of roles) {
    if (typeof r !== "string" || !WORDPRESS_ROLES.includes(r))
      return fail(400, "rest_user_invalid_role", `The role ${String(r)} does not exist.`);
    if (editingSelf && r !== "administrator")
      return fail(403, "rest_user_invalid_role", "Sorry, you are not allowed to give users that role.");
  }
  return null;
}

export type WordPressFakeOptions = {
  /** a fixed loopback port (the browser journeys'); an ephemeral one by default */
  port?: number;
  /**
   * Show the approval page as WordPress does (the app's name, "Yes, I approve of this
   * connection." and "No, I do not approve of this connection.") instead of answering at once
   * by `switches.decision`.
   */
  consentPage?: boolean;
};

export async function startWordPressFake(opts: WordPressFakeOptions = {}): Promise<WordPressFake> {
  const users = new Map<number, WpUserRow>();
  const appPasswords: WpAppPassword[] = [];
  const calls: WpCall[] = [];
  const switches = {
    appPasswords: true,
    basicAuthInFront: false,
    decision: "approve" as const,
    approverIsAdmin: true,
    siteUrl: null,
  } as WordPressFake["switches"];
  let nextId = 1;
  const seed = () => {
    users.clear();
    appPasswords.length = 0;
    nextId = 1;
    users.set(1, { id: 1, username: "siteowner", email: "owner@client.test", roles: ["administrator"] });
    nextId = 2;
  };
  seed();
  let base = "";

  const shown = (u: WpUserRow, edit: boolean) => ({
    id: u.id,
    name: u.username,
    slug: u.username,
    ...(edit ? { username: u.username, email: u.email, roles: u.roles } : {}),
  });

  /** The user an application password authenticates; "wrong" for Basic credentials WordPress does not take. */
  function authed(req: http.IncomingMessage): WpUserRow | "wrong" | null {
    const h = req.headers.authorization ?? "";
    if (!h.startsWith("Basic ")) return null;
    const [login, ...rest] = Buffer.from(h.slice(6), "base64").toString("utf8").split(":");
    const password = rest.join(":").replace(/ /g, "");
    const user = [...users.values()].find((u) => u.username === login);
    if (!user) return "wrong";
    return appPasswords.some((p) => p.userId === user.id && p.password === password) ? user : "wrong";
  }

  function approve(q: URLSearchParams): { status: number; location?: string; text?: string } {
    const appName = q.get("app_name");
    if (!appName) return { status: 400, text: "The app_name parameter is required." };
    const appId = q.get("app_id") ?? "";
    if (appId && !UUID.test(appId)) return { status: 400, text: "The app_id must be a UUID." };
    const success = q.get("success_url");
    const reject = q.get("reject_url");
    for (const u of [success, reject]) {
      if (!u) continue;
      let url: URL;
      try {
        url = new URL(u);
      } catch {
        return { status: 400, text: "The redirect URL is invalid." };
      }
      // https only, except on a site whose environment type is "local" (this fake's)
      if (url.protocol !== "https:" && !(url.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname)))
        return { status: 400, text: "The success and reject URLs must be served over a secure connection." };
    }
    if (switches.decision === "reject") {
      // wp-admin/authorize-application.php: an explicit reject_url is used exactly as given; only
      // without one is `success=false` added to success_url; with neither, the dashboard
      // (src/wp-admin/authorize-application.php; auth-app.js sends the browser to authApp.reject as is)
      const target = reject
        ? reject
        : success
          ? (() => {
              const u = new URL(success);
              u.searchParams.set("success", "false");
              return u.toString();
            })()
          : `${base}/wp-admin/`;
      return { status: 302, location: target };
    }
    const approver = switches.approverIsAdmin
      ? users.get(1)!
      : ([...users.values()].find((u) => u.roles.includes("editor")) ??
        (() => {
          const e = { id: nextId++, username: "siteeditor", email: "editor@client.test", roles: ["editor"] };
          users.set(e.id, e);
          return e;
        })());
    const password = crypto
      .randomBytes(18)
      .toString("base64url")
      .replace(/[^A-Za-z0-9]/g, "a")
      .slice(0, 24);
    appPasswords.push({ uuid: crypto.randomUUID(), app_id: appId, name: appName, password, userId: approver.id });
    const target = new URL(success!);
    target.searchParams.set("site_url", switches.siteUrl ?? base);
    target.searchParams.set("user_login", approver.username);
    target.searchParams.set("password", password);
    return { status: 302, location: target.toString() };
  }

  function rest(method: string, route: string, q: URLSearchParams, body: unknown, who: WpUserRow | "wrong" | null) {
    if (route === "/" && method === "GET")
      return {
        status: 200,
        json: {
          name: "Client Site",
          url: base,
          home: base,
          namespaces: ["wp/v2"],
          authentication: switches.appPasswords
            ? {
                "application-passwords": { endpoints: { authorization: `${base}/wp-admin/authorize-application.php` } },
              }
            : {},
          routes: {},
        },
      };
    // a deleted (or never given) application password: WordPress's application-password check refuses it
    if (who === "wrong")
      return fail(401, "incorrect_password", "The provided password is an invalid application password.");
    if (!who) return fail(401, "rest_not_logged_in", "You are not currently logged in.");
    const me = who;
    const isAdmin = me.roles.includes("administrator");
    const edit = q.get("context") === "edit";
    if (route === "/wp/v2/users/me" && method === "GET") return { status: 200, json: shown(me, edit) };
    if (route === "/wp/v2/users/me/application-passwords" && method === "GET")
      return {
        status: 200,
        json: appPasswords
          .filter((p) => p.userId === me.id)
          .map((p) => ({
            uuid: p.uuid,
            app_id: p.app_id,
            name: p.name,
            created: "2026-11-27T00:00:00",
            last_used: null,
            last_ip: null,
          })),
      };
    const pw = /^\/wp\/v2\/users\/me\/application-passwords\/([^/]+)$/.exec(route);
    if (pw && method === "DELETE") {
      const i = appPasswords.findIndex((p) => p.userId === me.id && p.uuid === pw[1]);
      if (i < 0) return fail(404, "application_password_not_found", "Application password not found.");
      const [gone] = appPasswords.splice(i, 1);
      return {
        status: 200,
        json: { deleted: true, previous: { uuid: gone!.uuid, app_id: gone!.app_id, name: gone!.name } },
      };
    }
    if (route === "/wp/v2/users" && method === "GET") {
      if (edit && !isAdmin) return fail(403, "rest_forbidden_context", "Sorry, you are not allowed to list users.");
      const search = (q.get("search") ?? "").toLowerCase();
      const found = [...users.values()].filter(
        (u) => !search || u.email.toLowerCase().includes(search) || u.username.toLowerCase().includes(search),
      );
      return { status: 200, json: found.map((u) => shown(u, edit)) };
    }
    if (route === "/wp/v2/users" && method === "POST") {
      if (!isAdmin) return fail(403, "rest_cannot_create_user", "Sorry, you are not allowed to create new users.");
      const b = (body ?? {}) as Record<string, unknown>;
      for (const f of ["username", "email", "password"])
        if (typeof b[f] !== "string" || b[f] === "")
          return fail(400, "rest_missing_callback_param", `Missing parameter(s): ${f}`);
      const roles = Array.isArray(b.roles) ? (b.roles as unknown[]) : [];
      const badRole = roleProblem(roles, false);
      if (badRole) return badRole;
      // wp_insert_user: the login is checked first, then the email
      const email = String(b.email);
      if ([...users.values()].some((u) => u.username.toLowerCase() === String(b.username).toLowerCase()))
        return fail(400, "existing_user_login", "Sorry, that username already exists!");
      if ([...users.values()].some((u) => u.email.toLowerCase() === email.toLowerCase()))
        return fail(400, "existing_user_email", "Sorry, that email address is already used!");
      const user = {
        id: nextId++,
        username: String(b.username),
        email,
        roles: roles.length ? (roles as string[]) : ["subscriber"],
      };
      users.set(user.id, user);
      return { status: 201, json: shown(user, true) };
    }
    const one = /^\/wp\/v2\/users\/(\d+|me)$/.exec(route);
    if (one) {
      const user = one[1] === "me" ? me : users.get(Number(one[1]));
      if (!user) return fail(404, "rest_user_invalid_id", "Invalid user ID.");
      if (["POST", "PUT", "PATCH"].includes(method)) {
        if (!isAdmin) return fail(403, "rest_cannot_edit", "Sorry, you are not allowed to edit this user.");
        const b = (body ?? {}) as Record<string, unknown>;
        // WP_REST_Users_Controller::update_item's refusals
        if (typeof b.username === "string" && b.username !== "" && b.username !== user.username)
          return fail(400, "rest_user_invalid_argument", "Username is not editable.");
        if (
          typeof b.email === "string" &&
          [...users.values()].some((u) => u.id !== user.id && u.email.toLowerCase() === String(b.email).toLowerCase())
        )
          return fail(400, "rest_user_invalid_email", "Invalid email address.");
        // `roles` is the one documented way to change a role: it replaces the user's roles (the
        // old ones are dropped, then each given role added); any other field leaves them as they are
        if (b.roles !== undefined) {
          const roles = Array.isArray(b.roles) ? (b.roles as unknown[]) : [];
          const badRole = roleProblem(roles, user.id === me.id);
          if (badRole) return badRole;
          user.roles = [...new Set(roles as string[])];
        }
        return { status: 200, json: shown(user, true) };
      }
      if (method === "DELETE") {
        if (!isAdmin) return fail(403, "rest_user_cannot_delete", "Sorry, you are not allowed to delete this user.");
        if (q.get("force") !== "true")
          return fail(501, "rest_trash_not_supported", "Users do not support trashing. Set 'force' to true to delete.");
        const reassign = Number(q.get("reassign"));
        if (!q.get("reassign") || !users.has(reassign) || reassign === user.id)
          return fail(400, "rest_user_invalid_reassign", "Invalid user ID for reassignment.");
        users.delete(user.id);
        appPasswords.splice(0, appPasswords.length, ...appPasswords.filter((p) => p.userId !== user.id));
        return { status: 200, json: { deleted: true, previous: shown(user, true) } };
      }
    }
    return fail(404, "rest_no_route", "No route was found matching the URL and request method.");
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const method = req.method ?? "GET";
      calls.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
        res.end(JSON.stringify(json));
      };
      if (switches.basicAuthInFront && !calls.at(-1)!.path.startsWith("/wp-admin"))
        return void (
          res.writeHead(401, { "www-authenticate": 'Basic realm="staging"', "content-type": "text/html" }),
          res.end("<h1>401</h1>")
        );
      // for the browser journeys: the fake's state, its calls, and back to its seed
      if (url.pathname === "/__state" && method === "GET")
        return send(200, { users: [...users.values()], appPasswords: appPasswords.map((p) => p.app_id) });
      if (url.pathname === "/__reset" && method === "POST") return (fake.reset(), send(200, { ok: true }));
      if (url.pathname === "/__calls" && method === "GET") return send(200, calls);
      // a user already on the site (by email: its roles set), and the switches
      if (url.pathname === "/__user" && method === "POST") {
        const b = body as { username: string; email: string; roles: string[] };
        const found = [...users.values()].find((u) => u.email.toLowerCase() === b.email.toLowerCase());
        if (found) found.roles = b.roles;
        return send(200, found ?? fake.addUser(b));
      }
      if (url.pathname === "/__switches" && method === "POST")
        return (Object.assign(switches, body as object), send(200, switches));
      if (url.pathname === "/wp-admin/authorize-application.php" && method === "GET") {
        const asked = url.searchParams.get("__decision");
        if (opts.consentPage && !asked) {
          const choice = (d: string) => {
            const next = new URL(url);
            next.searchParams.set("__decision", d);
            return escapeHtml(next.pathname + next.search);
          };
          res.writeHead(200, { "content-type": "text/html; charset=UTF-8" });
          return void res.end(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize Application</title></head><body><main><h1>Authorize Application</h1><p>Would you like to give ${escapeHtml(url.searchParams.get("app_name") ?? "")} access to your account?</p><p><a href="${choice("approve")}">Yes, I approve of this connection.</a></p><p><a href="${choice("reject")}">No, I do not approve of this connection.</a></p></main></body></html>`,
          );
        }
        if (asked === "approve" || asked === "reject") switches.decision = asked;
        const a = approve(url.searchParams);
        if (a.location) return void (res.writeHead(302, { location: a.location }), res.end());
        return void (res.writeHead(a.status, { "content-type": "text/html" }), res.end(a.text ?? ""));
      }
      if (url.pathname.startsWith("/wp-json")) {
        const route = url.pathname.slice("/wp-json".length) || "/";
        const r = rest(method, route, url.searchParams, body, authed(req));
        return send(r.status, r.json);
      }
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<h1>Not found</h1>");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: WordPressFake = {
    url: base,
    users,
    appPasswords,
    calls,
    switches,
    addUser(u) {
      const row = { id: nextId++, ...u };
      users.set(row.id, row);
      return row;
    },
    reset() {
      seed();
      calls.length = 0;
      Object.assign(switches, {
        appPasswords: true,
        basicAuthInFront: false,
        decision: "approve",
        approverIsAdmin: true,
        siteUrl: null,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
