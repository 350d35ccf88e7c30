// The journey model's rules, checked on everything that shows the request after a step: pure
// functions from the model and a snapshot of the pages and records (read by the driver) to
// the broken rules, each named with the page it broke on:
//   credit     each grant is credited to the one who made it
//   offer      nobody is offered a service that is not theirs
//   thanks     no page thanks or warns its viewer about a service that is not theirs
//   language   every text is in the client's language
//   removal    a removal removes exactly what it said
//   state      each service shows the state the model says
import { dictionaries, languageToLocale, type Locale } from "@/lib/infra/i18n/dictionary";
import { serviceName } from "@/lib/core/catalog/catalog-messages";
import { findAll, findOne, pageLang, pageTitle, visibleText } from "@/test/support/journey-model/html";
import {
  expectedLines,
  isCompleted,
  waitingFor,
  type JourneyModel,
  type Owner,
  type ServiceModel,
} from "@/test/support/journey-model/model";

export interface PageSnapshot {
  /** what the page is, for the messages: "the client's page", "the colleague's page for meta_ads" */
  name: string;
  viewer: Owner;
  html: string;
  /** the services the viewer holds through this link (the colleague's link: the services handed over with it) */
  services?: string[];
}

export interface Snapshot {
  client: PageSnapshot;
  /** colleagues' links still live, one per forwarded service */
  colleagues: PageSnapshot[];
  /** colleagues' links that must be dead (taken back, declined): their HTTP status */
  /** colleague links taken back or declined: what they answer and what they still offer */
  deadLinks: { service: string; status: number; offers: string[] }[];
  /** the pages an action landed on, with their notices */
  landed: PageSnapshot[];
  /** the client's access page, once anything was granted */
  access: PageSnapshot | null;
  /** the removal receipts shown so far, with what each removal said it removed */
  receipts: { html: string; service: string; assetId: string; code: string }[];
  /** GET /requests/{id} of the API */
  api: { services: { service: string; status: string; forwardedTo: unknown }[] };
  /** the dashboard request page's timeline */
  timeline: { type: string; service?: string | null; text: string }[];
  /** the Mailbox's emails of this request */
  emails: { kind: string; to: string; subject: string; text: string }[];
  /** the webhook deliveries of this request's events */
  deliveries: { type: string; data: { service?: { service?: string }; request?: Snapshot["api"] } }[];
  /** rules the driver checked while it read (a refused intake kept what was typed) */
  driver: string[];
  /** the follow-up request "Ask again" made, when it did */
  followUp: { page: PageSnapshot; services: string[] } | null;
}

export interface People {
  client: string;
  colleague: string;
  colleagueEmail: string;
}

// ---- language ----

/** Strings of the client pages' English texts that must not appear on a page in another language. */
function englishFragments(locale: Locale): string[] {
  const en = dictionaries.en as Record<string, string>;
  const other = dictionaries[locale] as Record<string, string>;
  const out = new Set<string>([
    // the forward and access-page tables, and the sandbox's refusal, as the client reads them in English
    "Someone else manages this?",
    "Take it back",
    "Pending on their side",
    "does not accept new partners",
    "Removal receipt",
    "Remove everything",
    "Grant access",
  ]);
  for (const [key, text] of Object.entries(en)) {
    if (other[key] === text) continue;
    for (const part of text.split(/\{\w+\}/)) {
      const p = part
        .trim()
        .replace(/^[,.:;!?]+|[,.:;]+$/g, "")
        .trim();
      if (p.length >= 14 && p.includes(" ")) out.add(p);
    }
  }
  return [...out];
}

const fragmentCache = new Map<Locale, string[]>();
const ENGLISH_TITLES = ["Access", "Removal receipt", "Access request"];

export function languageViolations(locale: Locale, where: string, html: string, opts: { page: boolean }): string[] {
  const out: string[] = [];
  if (opts.page) {
    const lang = pageLang(html);
    if (lang !== locale) out.push(`${where}: language: <html lang="${lang}">, the client reads ${locale}`);
  }
  if (locale === "en") return out;
  if (!fragmentCache.has(locale)) fragmentCache.set(locale, englishFragments(locale));
  const text = visibleText(html);
  const english = fragmentCache.get(locale)!.filter((f) => text.includes(f));
  if (english.length > 0)
    out.push(`${where}: language: English text on a ${locale} page: ${english.map((e) => `"${e}"`).join(", ")}`);
  if (opts.page && ENGLISH_TITLES.includes(pageTitle(html)))
    out.push(`${where}: language: the title is "${pageTitle(html)}" in English on a ${locale} page`);
  return out;
}

// ---- what a page offers ----

/** The services a page offers its viewer to act on: grant links, one-sign-in blocks, skip and forward forms, picker sections. */
export function offeredServices(html: string, platformServices: (platform: string) => string[]): Set<string> {
  const offered = new Set<string>();
  for (const card of findAll(html, "li", (a) => "data-service" in a)) {
    const id = card.attrs["data-service"]!;
    const actions = [
      ...findAll(card.inner, "a").map((a) => a.attrs.href ?? ""),
      ...findAll(card.inner, "form").map((f) => f.attrs.action ?? ""),
    ];
    if (
      actions.some((h) => /\/connect\/|\/services\/[^/]+\/(skip|grant|invite-sent|site)$|\/forward\/forward$/.test(h))
    )
      offered.add(id);
  }
  for (const block of findAll(html, "div", (a) => "data-platform-sign-in" in a))
    for (const id of platformServices(block.attrs["data-platform-sign-in"]!)) offered.add(`${id}?platform`);
  for (const section of findAll(html, "fieldset", (a) => "data-picker-service" in a))
    offered.add(section.attrs["data-picker-service"]!);
  for (const input of findAll(html, "input", (a) => a.name === "service" && a.type === "checkbox"))
    offered.add(input.attrs.value!);
  return offered;
}

const BADGE: Record<ServiceModel["state"], string> = {
  pending: "pending",
  refused: "pending",
  granted: "granted",
  removed: "granted",
  skipped: "skipped",
};

function nameOf(locale: Locale, id: string) {
  return serviceName(locale, id);
}

/** An open page of the request: what it offers and the states it shows. */
export function openPageViolations(m: JourneyModel, page: PageSnapshot, people: People): string[] {
  const out: string[] = [];
  const shown = page.services ?? m.services.map((s) => s.id);
  const mine = new Set(
    waitingFor(m, page.viewer)
      .filter((s) => shown.includes(s.id))
      .map((s) => s.id),
  );
  const grantableOn = (platform: string) =>
    m.services.filter((s) => s.platform === platform && mine.has(s.id)).map((s) => s.id);
  const offered = offeredServices(page.html, () => []);
  for (const id of offered)
    if (!mine.has(id))
      out.push(
        `${page.name}: offer: offers ${page.viewer === "client" ? people.client : people.colleague} ${id}, which is ${describeOwner(m, id, people)}`,
      );
  // one sign-in for several services: only over the viewer's own waiting services
  for (const block of findAll(page.html, "div", (a) => "data-platform-sign-in" in a)) {
    const platform = block.attrs["data-platform-sign-in"]!;
    const own = grantableOn(platform);
    if (own.length < 2)
      out.push(
        `${page.name}: offer: one ${platform} sign-in is offered for several services, but only ${own.length === 0 ? "none" : own.join(", ")} ${own.length === 1 ? "is" : "are"} the viewer's to grant`,
      );
  }
  for (const id of shown) {
    const s = m.services.find((x) => x.id === id)!;
    const card = findOne(page.html, "li", (a) => a["data-service"] === id);
    if (!card) {
      out.push(`${page.name}: state: no card for ${id}`);
      continue;
    }
    const badge = findOne(card.inner, "span", (a) => "data-status" in a)?.attrs["data-status"];
    if (badge !== BADGE[s.state] && !(badge === "awaitingConfirmation" && BADGE[s.state] === "pending"))
      out.push(`${page.name}: state: ${id} shows "${badge}", the model says ${s.state}`);
    // who granted it, on the client's own page
    if (page.viewer === "client" && s.state === "granted" && s.grantedBy === "colleague") {
      const forwardedBox = findOne(card.inner, "div", (a) => "data-forwarded-to" in a);
      if (!visibleText(card.inner).includes(people.colleague) && !forwardedBox)
        out.push(`${page.name}: credit: ${id} was granted by ${people.colleague}, the card does not say so`);
    }
  }
  // the client's own waiting services must be offered to them (the page is not just empty)
  const blocks = findAll(page.html, "div", (a) => "data-platform-sign-in" in a).map(
    (b) => b.attrs["data-platform-sign-in"],
  );
  for (const id of mine)
    if (!offered.has(id) && !blocks.includes(m.services.find((s) => s.id === id)!.platform))
      out.push(`${page.name}: offer: ${id} is the viewer's to act on, but the page offers no way to`);
  return out;
}

function describeOwner(m: JourneyModel, id: string, people: People): string {
  const s = m.services.find((x) => x.id === id);
  if (!s) return "not in the request";
  if (s.state !== "pending" && s.state !== "refused") return `${s.state} already`;
  return s.owner === "client" ? `${people.client}'s` : `handed to ${people.colleague}`;
}

/** A notice or warning at the top of a page names only the viewer's services. */
export function noticeViolations(m: JourneyModel, page: PageSnapshot): string[] {
  const locale = languageToLocale(m.language);
  const out: string[] = [];
  // the colleague's link: the services handed over with it; the client's: all but what the colleague granted
  const mineIds =
    page.services ?? m.services.filter((s) => !(s.state === "granted" && s.grantedBy === "colleague")).map((s) => s.id);
  for (const box of findAll(page.html, "div", (a) => a.role === "alert" || a.role === "status")) {
    const text = visibleText(box.inner);
    for (const s of m.services)
      if (text.includes(nameOf(locale, s.id)) && !mineIds.includes(s.id))
        out.push(`${page.name}: thanks: a notice names ${s.id}, which is not the viewer's: "${text.slice(0, 100)}"`);
  }
  return out;
}

/** Pages seen in the middle of an action (the asset picker), against the model before it. */
export function checkPagesBefore(m: JourneyModel, pages: PageSnapshot[], people: People): string[] {
  const locale = languageToLocale(m.language);
  return pages.flatMap((p) => [
    ...languageViolations(locale, p.name, p.html, { page: true }),
    ...openPageViolations(m, p, people),
  ]);
}

/** A thank-you page: it thanks its viewer for what they shared, and nothing else. */
function summaryViolations(m: JourneyModel, page: PageSnapshot, people: People): string[] {
  const locale = languageToLocale(m.language);
  const out: string[] = [];
  const summary = findOne(page.html, "section", (a) => a["data-testid"] === "share-summary");
  const items = summary ? findAll(summary.inner, "li", (a) => "data-summary" in a) : [];
  const shown = page.services ?? m.services.map((s) => s.id);
  for (const item of items) {
    const kind = item.attrs["data-summary"];
    const text = visibleText(item.inner);
    const about = m.services.filter((s) => text.includes(nameOf(locale, s.id)));
    if (kind === "granted") {
      for (const s of about) {
        if (!shown.includes(s.id)) {
          out.push(`${page.name}: thanks: thanks the viewer for ${s.id}, which was never theirs`);
          continue;
        }
        if (
          s.grantedBy &&
          s.grantedBy !== page.viewer &&
          !text.includes(s.grantedBy === "colleague" ? people.colleague : people.client)
        )
          out.push(
            `${page.name}: credit: lists ${s.id} as shared by the viewer, but ${s.grantedBy === "colleague" ? people.colleague : people.client} granted it`,
          );
      }
    }
    if (kind === "skipped")
      for (const s of about)
        if (!shown.includes(s.id) || s.owner !== page.viewer)
          out.push(`${page.name}: thanks: tells the viewer they skipped ${s.id}, which was not theirs`);
    if (kind === "refused") {
      const platforms = Object.entries(m.refusedOn)
        .filter(([, who]) => who === page.viewer)
        .map(([p]) => p);
      const theirs = m.services.filter((s) => shown.includes(s.id) && platforms.includes(s.platform));
      if (theirs.length === 0)
        out.push(
          `${page.name}: thanks: warns the viewer of a refusal ("${text.slice(0, 80)}") on a service that was not theirs`,
        );
    }
  }
  return out;
}

/** The client's access page: one line per asset held, credited to who granted it. */
function accessViolations(m: JourneyModel, page: PageSnapshot, people: People, requestId: string): string[] {
  const out: string[] = [];
  const lines = findAll(page.html, "li", (a) => "data-line" in a).filter((l) =>
    l.attrs["data-line"]!.startsWith(`${requestId}/`),
  );
  const got = new Map(lines.map((l) => [l.attrs["data-line"]!.slice(requestId.length + 1), l]));
  const want = expectedLines(m);
  for (const w of want) {
    const key = `${w.service}/${w.service}_100${w.asset}`;
    const line = got.get(key);
    if (!line) {
      out.push(`${page.name}: removal: the line for ${key} is gone, but it was never removed`);
      continue;
    }
    const text = visibleText(line.inner);
    const credited = w.grantedBy === "colleague" ? people.colleague : people.client;
    const other = w.grantedBy === "colleague" ? people.client : people.colleague;
    if (!text.includes(credited)) out.push(`${page.name}: credit: the line ${key} does not credit ${credited}`);
    else if (w.grantedBy === "colleague" && text.includes(other) && !text.includes(credited))
      out.push(`${page.name}: credit: the line ${key} credits ${other}`);
  }
  for (const key of got.keys())
    if (!want.some((w) => key === `${w.service}/${w.service}_100${w.asset}`)) {
      const removed = m.services.some((s) => s.removed.some((a) => key === `${s.id}/${s.id}_100${a}`));
      out.push(
        `${page.name}: removal: shows the line ${key}, ${removed ? "which was removed" : "which was never granted"}`,
      );
    }
  return out;
}

export function checkSnapshot(m: JourneyModel, snap: Snapshot, people: People, requestId: string): string[] {
  const locale = languageToLocale(m.language);
  const out: string[] = [...snap.driver];
  const pages = [snap.client, ...snap.colleagues, ...snap.landed, ...(snap.access ? [snap.access] : [])];
  for (const p of pages) out.push(...languageViolations(locale, p.name, p.html, { page: true }));
  const done = isCompleted(m);
  for (const p of [snap.client, ...snap.colleagues, ...snap.landed]) {
    const completed = !!findOne(p.html, "section", (a) => a["data-final-state"] === "completed");
    if (completed !== done)
      out.push(
        `${p.name}: state: the page is ${completed ? "a thank-you" : "open"}, the model says the request is ${done ? "complete" : "open"}`,
      );
    else if (done) out.push(...summaryViolations(m, p, people));
    else out.push(...openPageViolations(m, p, people));
  }
  // a notice on the landed page: a refusal warning only about the viewer's own services
  for (const landed of snap.landed) out.push(...noticeViolations(m, landed));
  // a link nothing is left on answers 404, or a page saying so that offers nothing to act on
  for (const d of snap.deadLinks)
    if (d.status !== 404 && (d.status !== 200 || d.offers.length > 0))
      out.push(
        `the colleague's link for ${d.service}: offer: still answers ${d.status} with ${JSON.stringify(d.offers)} after it was taken back or declined`,
      );
  if (snap.access) out.push(...accessViolations(m, snap.access, people, requestId));
  for (const r of snap.receipts) {
    out.push(...languageViolations(locale, "the removal receipt", r.html, { page: true }));
    const text = visibleText(r.html);
    const assetIds = m.services.flatMap((s) => [1, 2, 3].map((n) => `${s.id}_100${n}`));
    // names of the sandbox's assets: "Acme Main Google Tag Manager" (1), "Acme Brand ..." (2)
    const assetName = (id: string) => {
      const [, service, n] = /^(.*)_100(\d)$/.exec(id)!;
      const label = service!
        .split("_")
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(" ");
      return `${n === "1" ? "Acme Main" : n === "2" ? "Acme Brand" : "Acme Archive"} ${label}`;
    };
    const listed = assetIds.filter((id) => text.includes(id) || text.includes(assetName(id)));
    const other = listed.filter((id) => id !== r.assetId);
    if (!listed.includes(r.assetId))
      out.push(`the removal receipt: removal: does not list ${r.assetId}, the line removed`);
    if (other.length > 0)
      out.push(`the removal receipt: removal: lists ${other.join(", ")} besides the one line removed (${r.assetId})`);
  }
  // the API: each service's state, and who holds it
  for (const s of m.services) {
    const a = snap.api.services.find((x) => x.service === s.id);
    if (!a) {
      out.push(`GET /requests/{id}: state: no ${s.id}`);
      continue;
    }
    const want = s.state === "refused" ? "pending" : s.state === "removed" ? "granted" : s.state;
    if (a.status !== want && !(s.state === "removed"))
      out.push(`GET /requests/{id}: state: ${s.id} is ${a.status}, the model says ${s.state}`);
    const waiting = s.state === "pending" || s.state === "refused";
    if (waiting && (s.owner === "colleague") !== !!a.forwardedTo)
      out.push(
        `GET /requests/{id}: credit: ${s.id} is ${s.owner === "colleague" ? "with the colleague" : "the client's"}, forwardedTo is ${JSON.stringify(a.forwardedTo)}`,
      );
    if (s.state === "granted" && s.grantedBy === "client" && a.forwardedTo)
      out.push(
        `GET /requests/{id}: credit: ${people.client} granted ${s.id} but forwardedTo names ${JSON.stringify(a.forwardedTo)}`,
      );
  }
  // the timeline credits each grant
  for (const line of snap.timeline.filter((t) => t.type === "service.granted")) {
    const s = m.services.find((x) => x.id === line.service);
    if (!s?.grantedBy) continue;
    const credited = s.grantedBy === "colleague" ? people.colleague : people.client;
    if (!line.text.includes(credited) || (s.grantedBy === "client" && line.text.includes(people.colleague)))
      out.push(`the request page's timeline: credit: "${line.text}" — ${s.id} was granted by ${credited}`);
  }
  // webhooks: a grant's snapshot says whether a colleague holds the service
  for (const d of snap.deliveries.filter((x) => x.type === "service.granted")) {
    const id = d.data.service?.service;
    const s = m.services.find((x) => x.id === id);
    const fwd = d.data.request?.services.find((x) => x.service === id)?.forwardedTo;
    if (s?.grantedBy === "colleague" && !fwd)
      out.push(
        `the service.granted webhook for ${id}: credit: ${people.colleague} granted it, the payload names no colleague`,
      );
    if (s?.grantedBy === "client" && fwd)
      out.push(
        `the service.granted webhook for ${id}: credit: ${people.client} granted it, the payload names ${JSON.stringify(fwd)}`,
      );
  }
  // emails: in the client's language, naming services as the client reads them
  for (const e of snap.emails) {
    out.push(
      ...languageViolations(locale, `the ${e.kind} email to ${e.to}`, `${e.subject}\n${e.text}`, { page: false }),
    );
    if (e.kind === "forward" && locale !== "en")
      for (const s of m.services) {
        const en = serviceName("en", s.id);
        if (en !== nameOf(locale, s.id) && e.text.includes(en))
          out.push(
            `the forward email to ${e.to}: language: names ${s.id} as "${en}", the client reads "${nameOf(locale, s.id)}"`,
          );
      }
  }
  if (snap.followUp) {
    const f = snap.followUp.page;
    out.push(...languageViolations(locale, f.name, f.html, { page: true }));
    const offered = offeredServices(f.html, () => []);
    for (const id of offered)
      if (!snap.followUp.services.includes(id)) out.push(`${f.name}: offer: asks again for ${id}, which was not lost`);
    for (const id of snap.followUp.services)
      if (!findOne(f.html, "li", (a) => a["data-service"] === id))
        out.push(`${f.name}: offer: does not ask again for ${id}, which was lost`);
  }
  return out;
}
