// The journey model's HTTP driver: performs a model command on the built server as a browser
// without JavaScript would (links followed, forms posted, 303s followed), finding what to
// click by stable attributes (data-service, data-platform-sign-in, form actions, input names),
// and reads every page and record that shows the request into a Snapshot for checks.ts.
// The agency side goes through the V2 API (create, GET the request, webhook deliveries) and
// the dashboard's own reads and Server Actions (timeline, Mailbox, access check, "Ask again").
import { sandboxCode } from "@/lib/infra/connectors/sandbox-connector";
import { REFUSAL_IN_BODY_HEADER } from "@/lib/surfaces/client-pages/refusal-in-body";
import { callServerAction, cookieHeader, serverAction } from "@/test/support/server-actions";
import { findAll, findOne, formFields, hrefs, visibleText, type Element } from "@/test/support/journey-model/html";
import { serviceName } from "@/lib/core/catalog/catalog-messages";
import { languageViolations, type PageSnapshot, type People, type Snapshot } from "@/test/support/journey-model/checks";
import { languageToLocale } from "@/lib/infra/i18n/dictionary";
import {
  JOURNEY_SERVICES,
  serviceOf,
  signInServices,
  type Command,
  type JourneyModel,
} from "@/test/support/journey-model/model";

/**
 * Commands of rules another change adds, driven where the page offers them (found by the
 * form's action). On: the merged tree must exercise them; a page without the form fails the
 * step with a message saying which form was missing.
 */
export const JOURNEY_SWITCHES = {
  /** the colleague's "This isn't mine" (a form on the colleague's link whose action declines) */
  colleagueDeclines: true,
  /** the client's "I'll do it myself after all" (a form in the service's card taking the forward back) */
  takeBack: true,
};

/** Whether the driver performs `c` (a command behind a switch that is off is passed over like a disabled one). */
export function switchedOn(c: Command): boolean {
  if (c.kind === "colleagueDecline") return JOURNEY_SWITCHES.colleagueDeclines;
  if (c.kind === "takeBack") return JOURNEY_SWITCHES.takeBack;
  return true;
}

export const PEOPLE: Record<JourneyModel["language"], People> = {
  English: { client: "Lucy Gale", colleague: "Marta Ruiz", colleagueEmail: "marta@client.test" },
  Spanish: { client: "Lucía Gómez", colleague: "Marta Ruiz", colleagueEmail: "marta@client.test" },
  Dutch: { client: "Lotte de Vries", colleague: "Marta Ruiz", colleagueEmail: "marta@client.test" },
};

export interface JourneyServer {
  url: string;
  agencyId: string;
  apiKey: string;
  /** the agency's accounts by platform (internal ids) */
  accounts: Record<string, string>;
  /** the owner's dashboard session */
  jar: Map<string, string>;
  /** the bodies of the webhook deliveries received so far */
  received: () => string[];
}

export interface JourneyRun {
  server: JourneyServer;
  people: People;
  requestId: string;
  /** the request's internal id, as the dashboard names it */
  internalId: string;
  clientId: string;
  token: string;
  /** live colleague links by service */
  colleagues: Map<string, string>;
  /** colleague links taken back or declined */
  dead: Map<string, string>;
  receipts: Snapshot["receipts"];
  landed: PageSnapshot[];
  /** pages seen in the middle of the step (checked against the model before it) */
  during: PageSnapshot[];
  followUp: { token: string; services: string[] } | null;
  /** every client page the run visited, for the browser pass */
  visited: string[];
  seenForwardMails: Set<string>;
  /** the answers typed into an intake form the server refused */
  intakeTyped: [string, string][] | null;
  /** removal confirmations seen in the step: the line asked for, and the page */
  confirmations: { line: string; html: string }[];
}

export class DriverError extends Error {}

async function api(server: JourneyServer, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.apiKey}`,
      ...(body ? { "content-type": "application/json", "idempotency-key": crypto.randomUUID() } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => null)) as { data?: unknown; error?: unknown } | null;
  if (!res.ok) throw new DriverError(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json!.data as Record<string, unknown>;
}

async function dashboard<T>(server: JourneyServer, path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: cookieHeader(server.jar) } });
  if (!res.ok) throw new DriverError(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** A page as a browser without JavaScript gets it, in a browser set to English (the page must follow the client). */
async function getPage(server: JourneyServer, path: string): Promise<{ status: number; html: string; path: string }> {
  let at = path;
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${server.url}${at}`, {
      redirect: "manual",
      headers: { "accept-language": "en-US,en;q=0.9" },
    });
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      at = new URL(location, server.url).pathname + new URL(location, server.url).search;
      continue;
    }
    return { status: res.status, html: await res.text(), path: at };
  }
  throw new DriverError(`too many redirects from ${path}`);
}

/** Posts a form as the browser does and follows the 303 to the page it lands on. */
async function submit(server: JourneyServer, action: string, fields: [string, string][], opts: { js?: boolean } = {}) {
  const res = await fetch(`${server.url}${action}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "accept-language": "en-US,en;q=0.9",
      ...(opts.js ? { accept: "application/json", [REFUSAL_IN_BODY_HEADER]: "1" } : {}),
    },
    body: new URLSearchParams(fields),
  });
  const location = res.headers.get("location");
  if (res.status === 303 && location) {
    const u = new URL(location, server.url);
    return getPage(server, u.pathname + u.search);
  }
  return { status: res.status, html: await res.text(), path: action };
}

function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0))
    throw new DriverError(`the page offers no ${what}`);
  return value;
}

const cardOf = (html: string, service: string) => findOne(html, "li", (a) => a["data-service"] === service);
const formIn = (el: Element | null, action: RegExp) =>
  el ? findOne(el.inner, "form", (a) => action.test(a.action ?? "")) : null;

export async function startRun(server: JourneyServer, model: JourneyModel): Promise<JourneyRun> {
  const people = PEOPLE[model.language];
  const client = await api(server, "POST", "/clients", {
    name: people.client,
    email: `client-${crypto.randomUUID().slice(0, 8)}@client.test`,
    language: model.language,
  });
  const requested = Object.fromEntries(
    JOURNEY_SERVICES.map((s) => [
      s.id,
      {
        ...(s.accessLevel ? { accessLevel: s.accessLevel } : {}),
        optional: s.optional,
        requestedAccountLinks: [{ internalAccountId: server.accounts[s.platform] }],
      },
    ]),
  );
  const request = await api(server, "POST", "/requests", {
    clientId: client.id,
    requestedServices: requested,
    ...(model.intake !== "none" ? { intakeForm: { requested: true } } : {}),
  });
  const token = new URL(request.inviteUrl as string).pathname.split("/")[2]!;
  const detail = await dashboard<{ data: { request: { id: string; client: { id: string } } } }>(
    server,
    `/api/dashboard/requests/${await internalIdOf(server, request.id as string)}`,
  );
  return {
    server,
    people,
    requestId: request.id as string,
    internalId: detail.data.request.id,
    clientId: detail.data.request.client.id,
    token,
    colleagues: new Map(),
    dead: new Map(),
    receipts: [],
    landed: [],
    during: [],
    followUp: null,
    visited: [],
    seenForwardMails: new Set(),
    intakeTyped: null,
    confirmations: [],
  };
}

/** The dashboard names a request by its internal id: the request list gives it. */
async function internalIdOf(server: JourneyServer, publicId: string): Promise<string> {
  const list = await dashboard<{ data: { id: string; publicId?: string; requestId?: string }[] }>(
    server,
    `/api/dashboard/requests?limit=100`,
  );
  const hit = list.data.find((r) => r.publicId === publicId || r.requestId === publicId || r.id === publicId);
  if (hit) return hit.id;
  if (/^[0-9a-f-]{36}$/.test(publicId)) return publicId;
  throw new DriverError(`the dashboard's request list has no ${publicId}: ${JSON.stringify(list.data[0])}`);
}

function clientPage(run: JourneyRun, html: string, name = "the client's page"): PageSnapshot {
  return { name, viewer: "client", html };
}

function colleaguePage(run: JourneyRun, service: string, html: string, name?: string): PageSnapshot {
  return { name: name ?? `the colleague's page for ${service}`, viewer: "colleague", html, services: [service] };
}

/** The sandbox consent's Allow (in `mode`), then the page the callback lands on (the asset picker). */
async function signInFrom(run: JourneyRun, connectHref: string, platform: string, mode: "normal" | "fail" = "normal") {
  const start = await fetch(`${run.server.url}${connectHref}`, { redirect: "manual" });
  const consent = new URL(need(start.headers.get("location"), `sign-in at ${connectHref}`), run.server.url);
  if (consent.pathname !== "/sandbox/consent")
    throw new DriverError(`${connectHref} went to ${consent} instead of the sandbox consent`);
  const state = consent.searchParams.get("state")!;
  return getPage(
    run.server,
    `/api/access/callback?state=${encodeURIComponent(state)}&code=${encodeURIComponent(sandboxCode(platform, mode))}`,
  );
}

/** Ticks `assets` for each of `services` in the picker and submits it. */
async function pickAndGrant(run: JourneyRun, picker: string, services: string[], assets: number[]) {
  const form = need(
    findOne(picker, "form", (a) => /\/services\/[^/]+\/grant$/.test(a.action ?? "")),
    "asset picker after the sign-in",
  );
  const fields: [string, string][] = formFields(form).filter(([k]) => !k.startsWith("asset"));
  for (const input of findAll(form.inner, "input", (a) => (a.name ?? "").startsWith("asset"))) {
    const value = input.attrs.value ?? "";
    const service = services.find((s) => assets.some((n) => value === `${s}_100${n}`));
    if (service) fields.push([input.attrs.name!, value]);
  }
  return submit(run.server, form.attrs.action!, fields);
}

export async function perform(run: JourneyRun, model: JourneyModel, c: Command): Promise<void> {
  run.landed = [];
  run.during = [];
  const { server } = run;
  const page = (await getPage(server, `/i/${run.token}`)).html;
  switch (c.kind) {
    case "signIn":
    case "refuse": {
      const services = c.kind === "signIn" ? signInServices(model, c.platform, c.mask).map((s) => s.id) : [c.service];
      const platform = serviceOf(model, services[0]!).platform;
      // the platform's one sign-in when the page offers it, else the service's own "Grant access"
      const block = findOne(page, "div", (a) => a["data-platform-sign-in"] === platform);
      const href = need(
        (block ? hrefs(block.inner, /\/connect\//) : hrefs(cardOf(page, services[0]!)?.inner ?? "", /\/connect\//))[0],
        `sign-in for ${services[0]} on the client's page`,
      );
      const picker = await signInFrom(run, href, platform);
      run.during.push(clientPage(run, picker.html, `the client's asset picker (${platform})`));
      const landed = await pickAndGrant(run, picker.html, services, c.kind === "signIn" ? c.assets : [3]);
      run.landed.push(
        clientPage(run, landed.html, `the client's page after ${c.kind === "signIn" ? "granting" : "a refused grant"}`),
      );
      return;
    }
    case "skip": {
      const form = need(formIn(cardOf(page, c.service), /\/skip$/), `skip for ${c.service}`);
      run.landed.push(
        clientPage(
          run,
          (await submit(server, form.attrs.action!, formFields(form))).html,
          "the client's page after skipping",
        ),
      );
      return;
    }
    case "forward": {
      const details = need(
        findOne(page, "details", (a) => a["data-forward-form"] === c.service),
        `"Someone else manages this?" for ${c.service}`,
      );
      const form = need(formIn(details, /\/forward\/forward$/), `forward form for ${c.service}`);
      const fields = formFields(form).filter(([k]) => !["name", "email", "note"].includes(k));
      fields.push(["name", run.people.colleague], ["email", run.people.colleagueEmail], ["note", ""]);
      const landed = await submit(server, form.attrs.action!, fields);
      run.landed.push(clientPage(run, landed.html, "the client's page after handing a service on"));
      const mail = (await emailsOf(run)).find((e) => e.kind === "forward" && !run.seenForwardMails?.has(e.id));
      const link = /\/i\/([A-Za-z0-9_-]+)/.exec(need(mail, `forward email for ${c.service}`).text);
      run.seenForwardMails.add(mail!.id);
      run.colleagues.set(c.service, need(link?.[1], `link in the forward email`));
      return;
    }
    case "colleagueGrant": {
      const token = run.colleagues.get(c.service)!;
      const theirs = (await getPage(server, `/i/${token}`)).html;
      const href = need(
        hrefs(cardOf(theirs, c.service)?.inner ?? "", /\/connect\//)[0] ??
          hrefs(findOne(theirs, "div", (a) => "data-platform-sign-in" in a)?.inner ?? "", /\/connect\//)[0],
        `sign-in for ${c.service} on the colleague's page`,
      );
      const platform = serviceOf(model, c.service).platform;
      const picker = await signInFrom(run, href, platform);
      run.during.push(colleaguePage(run, c.service, picker.html, `the colleague's asset picker (${c.service})`));
      const landed = await pickAndGrant(run, picker.html, [c.service], c.assets);
      run.landed.push(colleaguePage(run, c.service, landed.html, `the colleague's page after granting`));
      return;
    }
    case "colleagueDecline": {
      const token = run.colleagues.get(c.service)!;
      const theirs = (await getPage(server, `/i/${token}`)).html;
      const form = need(
        findOne(theirs, "form", (a) => /\/(decline|hand-back|give-back|not-mine)$/.test(a.action ?? "")),
        `way for the colleague to decline ${c.service} (a form posting to .../decline)`,
      );
      const landed = await submit(server, form.attrs.action!, formFields(form));
      if (landed.status < 400) {
        // The declined service is the client's again: the colleague's page shows no card for it,
        // only a line saying it went back, beside whatever else is still theirs.
        const back = findOne(landed.html, "p", (a) => "data-declined" in a);
        if (!back || !visibleText(back.inner).includes(serviceName(languageToLocale(model.language), c.service)))
          throw new DriverError(`the colleague's page after declining does not say ${c.service} went back`);
        run.landed.push({
          ...colleaguePage(run, c.service, landed.html, "the colleague's page after declining"),
          services: [],
        });
      }
      run.dead.set(c.service, token);
      run.colleagues.delete(c.service);
      return;
    }
    case "takeBack": {
      const form = need(
        formIn(cardOf(page, c.service), /\/forward\/take-back$/),
        `"I'll do it myself after all" for ${c.service}`,
      );
      const landed = await submit(server, form.attrs.action!, formFields(form));
      run.landed.push(clientPage(run, landed.html, "the client's page after taking a service back"));
      run.dead.set(c.service, run.colleagues.get(c.service)!);
      run.colleagues.delete(c.service);
      return;
    }
    case "intakeRefused":
    case "intakeAccepted": {
      const form = need(
        findOne(page, "form", (a) => /\/intake$/.test(a.action ?? "")),
        "intake form",
      );
      const fields = formFields(form).filter(([k]) => !k.startsWith("q."));
      const questions = [
        ...findAll(
          form.inner,
          "input",
          (a) => (a.name ?? "").startsWith("q.") && a.type !== "checkbox" && a.type !== "radio",
        ),
        ...findAll(form.inner, "textarea", (a) => (a.name ?? "").startsWith("q.")),
      ];
      const required = questions.filter((q) => "required" in q.attrs);
      if (c.kind === "intakeRefused" && required.length === 0)
        throw new DriverError("the intake form has no required question to leave empty");
      const typed: [string, string][] = [];
      for (const [i, q] of questions.entries()) {
        const leaveEmpty = c.kind === "intakeRefused" && q === required[0];
        const value =
          q.attrs.type === "email"
            ? `answer${i}@client.test`
            : q.attrs.type === "url"
              ? `https://client.test/${i}`
              : `Answer ${i}`;
        typed.push([q.attrs.name!, leaveEmpty ? "" : value]);
      }
      for (const sel of findAll(form.inner, "select", (a) => (a.name ?? "").startsWith("q."))) {
        const option = findAll(sel.inner, "option").find((o) => o.attrs.value);
        if (option) typed.push([sel.attrs.name!, option.attrs.value!]);
      }
      const landed = await submit(server, form.attrs.action!, [...fields, ...typed], { js: model.js });
      // with JavaScript the page's script posts for a JSON answer and keeps the form in place (the browser pass)
      if (model.js) {
        const ok = c.kind === "intakeAccepted" ? landed.status < 300 : landed.status >= 200;
        if (!ok) throw new DriverError(`the intake post answered ${landed.status}: ${landed.html.slice(0, 200)}`);
        return;
      }
      run.landed.push(
        clientPage(
          run,
          landed.html,
          `the client's page after ${c.kind === "intakeRefused" ? "a refused" : "an accepted"} intake`,
        ),
      );
      if (c.kind === "intakeRefused") run.intakeTyped = typed.filter(([, v]) => v !== "");
      return;
    }
    case "removeLine": {
      const access = (await getPage(server, `/i/${run.token}/access`)).html;
      const key = `${run.internalId}/${c.service}/${c.service}_100${c.asset}`;
      const line = need(
        findAll(access, "li", (a) => "data-line" in a).find((l) =>
          l.attrs["data-line"]!.endsWith(`/${c.service}/${c.service}_100${c.asset}`),
        ),
        `line for ${key} on the access page`,
      );
      // the line's "Remove" asks first: a plain GET form to the same page with remove=<line>
      const form = need(
        findOne(
          line.inner,
          "form",
          (a) => (a.method ?? "get").toLowerCase() === "get" || /\/remove$/.test(a.action ?? ""),
        ),
        `"Remove" on ${key}`,
      );
      const asks = (form.attrs.method ?? "get").toLowerCase() === "get";
      let landed = asks
        ? await getPage(
            server,
            `${form.attrs.action!.split("#")[0]!}?${new URLSearchParams(formFields(form)).toString()}`,
          )
        : await submit(server, form.attrs.action!, formFields(form));
      // a confirmation step: the page asks again, with a form that posts the removal for real
      for (let i = 0; i < 2 && !/\/receipts\/|removed=/.test(landed.path); i++) {
        const confirm = findAll(landed.html, "form", (a) => /\/remove(\/confirm)?$/.test(a.action ?? "")).find((f) => {
          const fields = formFields(f);
          return fields.some(([k, v]) => k === "line" && v === line.attrs["data-line"]) && fields.length > 1;
        });
        if (!confirm) break;
        run.confirmations.push({ line: line.attrs["data-line"]!, html: landed.html });
        run.visited.push(landed.path);
        landed = await submit(server, confirm.attrs.action!, formFields(confirm));
      }
      const receiptHref = landed.path.startsWith("/receipts/")
        ? landed.path
        : hrefs(landed.html, /^\/receipts\/[^/?#]+$/)[0];
      if (receiptHref) {
        const receipt = landed.path.startsWith("/receipts/") ? landed.html : (await getPage(server, receiptHref)).html;
        run.receipts.push({
          html: receipt,
          service: c.service,
          assetId: `${c.service}_100${c.asset}`,
          code: receiptHref.split("/").pop()!,
        });
        run.visited.push(receiptHref);
      } else if (!landed.path.includes("/access")) {
        run.landed.push(clientPage(run, landed.html, "the page after removing a line"));
      }
      return;
    }
    case "askAgain": {
      const check = serverAction(
        "app/(dashboard)/dashboard/clients/access-actions.ts",
        "checkAccessNowAction",
        `/dashboard/clients/${run.clientId}`,
      );
      const checked = await callServerAction(
        server.url,
        check,
        [{ clientId: run.clientId }],
        server.jar,
        server.agencyId,
      );
      if (!(checked.value as { ok?: boolean }).ok)
        throw new DriverError(`the access check answered ${JSON.stringify(checked.value).slice(0, 300)}`);
      // one access.lost per service: wait for each service the model holds asset 2 of (read as lost)
      const lostServices = model.services.filter((s) => s.held.includes(2)).map((s) => s.id);
      const lost = await deliveryOf(run, "access.lost", lostServices);
      const alertIds = [
        ...new Set(
          lost.map((d) => (d.data as { alert?: { id?: string } }).alert?.id).filter((id): id is string => !!id),
        ),
      ];
      if (alertIds.length === 0)
        throw new DriverError(`the access.lost webhook names no alert: ${JSON.stringify(lost[0]?.data).slice(0, 300)}`);
      const ask = serverAction(
        "app/(dashboard)/dashboard/clients/access-actions.ts",
        "askAgainAction",
        `/dashboard/clients/${run.clientId}`,
      );
      const r = await callServerAction<{ requestId?: string } | { ok?: boolean; data?: { requestId: string } }>(
        server.url,
        ask,
        [{ alertIds, sendEmail: true }],
        server.jar,
        server.agencyId,
      );
      const value = r.value as Record<string, unknown>;
      const requestId = (value.requestId ?? (value.data as { requestId?: string } | undefined)?.requestId) as string;
      const mail = (await emailsOf(run, requestId)).find((e) => /\/i\/[A-Za-z0-9_-]+/.test(e.text));
      const token = /\/i\/([A-Za-z0-9_-]+)/.exec(need(mail, "email of the request asked again").text)![1]!;
      run.followUp = {
        token,
        services: model.services.filter((s) => s.held.includes(2)).map((s) => s.id),
      };
      return;
    }
  }
}

interface MailRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  requestId: string | null;
}

async function emailsOf(run: JourneyRun, requestId = run.internalId): Promise<MailRow[]> {
  const list = await dashboard<{ data: Omit<MailRow, "text">[] }>(run.server, "/api/dashboard/emails?limit=100");
  const mine = list.data.filter((e) => e.requestId === requestId);
  const out: MailRow[] = [];
  for (const e of mine) {
    const full = await dashboard<{ data: { text: string } }>(run.server, `/api/dashboard/emails/${e.id}`);
    out.push({ ...e, text: full.data.text });
  }
  return out;
}

/** The webhook deliveries received so far of this request's events (the worker sends them as they come). */
function deliveriesOf(run: JourneyRun): Snapshot["deliveries"] {
  return run.server
    .received()
    .map((body) => {
      try {
        return JSON.parse(body) as { type?: string; data?: Snapshot["deliveries"][number]["data"] };
      } catch {
        return {};
      }
    })
    .map((e) => ({ type: e.type ?? "", data: e.data ?? {} }))
    .filter((d) => (d.data.request as { id?: string } | undefined)?.id === run.requestId);
}

/** Waits for the worker to deliver an event of `type` of this request (it sends within seconds). */
/** The deliveries of `type` once one has arrived, or (with `services`) once one names each of them. */
async function deliveryOf(run: JourneyRun, type: string, services: string[] = []) {
  const named = (d: { data: unknown }) => (d.data as { service?: { service?: string } }).service?.service;
  for (let i = 0; i < 150; i++) {
    const hit = deliveriesOf(run).filter((d) => d.type === type);
    if (hit.length > 0 && services.every((s) => hit.some((d) => named(d) === s))) return hit;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new DriverError(
    `no ${type} webhook arrived for ${run.requestId} within 30 s (the model holds asset 2 of a service, which the sandbox reads as lost: was it removed with another line?)`,
  );
}

/** Reads every page and record that shows the request. */
export async function observe(run: JourneyRun, model: JourneyModel): Promise<Snapshot> {
  const { server } = run;
  const client = (await getPage(server, `/i/${run.token}`)).html;
  run.visited.push(`/i/${run.token}`);
  const colleagues: PageSnapshot[] = [];
  for (const [service, token] of run.colleagues) {
    colleagues.push(colleaguePage(run, service, (await getPage(server, `/i/${token}`)).html));
    run.visited.push(`/i/${token}`);
  }
  const deadLinks: Snapshot["deadLinks"] = [];
  for (const [service, token] of run.dead) {
    const page = await getPage(server, `/i/${token}`);
    // what the page still offers: forms and links to the link's actions
    const offers = [
      ...findAll(page.html, "form", (a) => (a.action ?? "").includes("/api/access/")).map((f) => f.attrs.action!),
      ...hrefs(page.html, /\/api\/access\//),
    ];
    deadLinks.push({ service, status: page.status, offers });
  }
  const anyGrant = model.services.some((s) => s.held.length > 0 || s.removed.length > 0);
  const access = anyGrant
    ? {
        name: "the client's access page",
        viewer: "client" as const,
        html: (await getPage(server, `/i/${run.token}/access`)).html,
      }
    : null;
  if (access) run.visited.push(`/i/${run.token}/access`);
  const api0 = (await api(server, "GET", `/requests/${run.requestId}`)) as unknown as Snapshot["api"];
  const detail = await dashboard<{ data: { timeline: Snapshot["timeline"] } }>(
    server,
    `/api/dashboard/requests/${run.internalId}`,
  );
  const emails = await emailsOf(run);
  const deliveries = deliveriesOf(run);
  let followUp: Snapshot["followUp"] = null;
  if (run.followUp) {
    const html = (await getPage(server, `/i/${run.followUp.token}`)).html;
    run.visited.push(`/i/${run.followUp.token}`);
    followUp = { page: clientPage(run, html, "the page of the request asked again"), services: run.followUp.services };
  }
  // a refused intake without JavaScript keeps what the client typed
  const intakeKept: string[] = [];
  if (run.intakeTyped && !model.js) {
    const landed = run.landed.find((p) => p.name.includes("refused intake"));
    if (landed)
      for (const [name, value] of run.intakeTyped) {
        const field =
          findOne(landed.html, "input", (a) => a.name === name) ??
          findOne(landed.html, "textarea", (a) => a.name === name);
        const kept = field && (field.attrs.value === value || field.inner.includes(value));
        if (!kept) intakeKept.push(`${landed.name}: intake: the answer to ${name} ("${value}") was lost`);
      }
    run.intakeTyped = null;
  }
  // the audit log: each receipt of the step is the client's removal of one asset, not the agency's
  if (run.receipts.length > 0) {
    const res = await fetch(`${server.url}/api/dashboard/audit/export?action=access.removal_receipt`, {
      headers: { cookie: cookieHeader(server.jar) },
    });
    if (!res.ok) throw new DriverError(`GET the audit log's export answered ${res.status}`);
    // one row per line; the changes column is JSON with its quotes doubled by CSV
    const rows = (await res.text()).split("\n").map((line) => line.replaceAll('""', '"'));
    for (const r of run.receipts) {
      const row = rows.find((line) => line.includes(`"receipt":"${r.code}"`));
      if (!row) intakeKept.push(`the audit log: removal: no entry for receipt ${r.code} (${r.assetId})`);
      else if (!row.includes(`"removedBy":"client:`))
        intakeKept.push(`the audit log: credit: the removal of ${r.assetId} is not credited to the client: ${row}`);
      else if (
        ["confirmed", "unconfirmable", "failed"]
          .map((k) => Number(new RegExp(`"${k}":(\\d+)`).exec(row)?.[1] ?? 0))
          .reduce((a, b) => a + b, 0) !== 1
      )
        intakeKept.push(`the audit log: removal: the receipt of one line counts more or less than one asset: ${row}`);
    }
  }
  // a line's confirmation lists exactly that line (the sandbox removes no wider), in the client's language
  for (const c of run.confirmations) {
    const where = "the removal's confirmation";
    intakeKept.push(...languageViolations(languageToLocale(model.language), where, c.html, { page: true }));
    const goes = findAll(c.html, "li", (a) => "data-goes" in a).map((l) => l.attrs["data-goes"]!);
    if (goes.length !== 1 || goes[0] !== c.line)
      intakeKept.push(`${where}: removal: lists ${JSON.stringify(goes)} for the one line ${c.line}`);
  }
  run.confirmations = [];
  return {
    client: clientPage(run, client),
    colleagues,
    deadLinks,
    landed: run.landed,
    access,
    receipts: run.receipts,
    api: api0,
    timeline: detail.data.timeline,
    emails,
    deliveries,
    followUp,
    driver: intakeKept,
  };
}
