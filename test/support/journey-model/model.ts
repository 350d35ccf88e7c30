// The journey model: the client side of one access request as the rules say it should be,
// with no I/O. Services, each with its current owner (the client, or the colleague it was
// handed to) and its state; the intake; what is granted and still held, line by line. The
// commands are plain data; `enabled` says whether one can happen now and `applyCommand`
// returns the next model. The HTTP driver (http-driver.ts) performs a command on the built
// server and the checks (checks.ts) compare every page and record with this model.

export type Language = "English" | "Spanish" | "Dutch";
export type Owner = "client" | "colleague";
export type ServiceState = "pending" | "granted" | "skipped" | "refused" | "removed";
export type IntakeState = "none" | "not_answered" | "refused" | "accepted";

/** The sandbox's assets a grant can pick: 1 and 2 grant (and can be removed), 3 is refused. */
export type AssetNo = 1 | 2;

export interface ServiceModel {
  id: string;
  platform: string;
  optional: boolean;
  owner: Owner;
  state: ServiceState;
  /** who granted it (while granted or removed) */
  grantedBy: Owner | null;
  /** the assets granted and not removed */
  held: AssetNo[];
  /** the assets removed from the client's access page */
  removed: AssetNo[];
}

export interface JourneyModel {
  language: Language;
  js: boolean;
  intake: IntakeState;
  services: ServiceModel[];
  /** per platform, who saw its last grant attempt refused (cleared by a later success there) */
  refusedOn: Record<string, Owner>;
  /** the agency asked again for lost access: a second request for the same client */
  askedAgain: boolean;
}

/** The services every journey asks for: two of one platform (one sign-in covers both), and an optional one. */
export const JOURNEY_SERVICES: { id: string; platform: string; accessLevel: string; optional: boolean }[] = [
  { id: "google_analytics", platform: "google", accessLevel: "viewer", optional: false },
  { id: "google_tag_manager", platform: "google", accessLevel: "read", optional: false },
  { id: "meta_ads", platform: "meta", accessLevel: "advertiser", optional: false },
  { id: "meta_pixel", platform: "meta", accessLevel: "", optional: true },
];

export function initialModel(opts: { language: Language; js: boolean; intake: boolean }): JourneyModel {
  return {
    language: opts.language,
    js: opts.js,
    intake: opts.intake ? "not_answered" : "none",
    services: JOURNEY_SERVICES.map((s) => ({
      id: s.id,
      platform: s.platform,
      optional: s.optional,
      owner: "client",
      state: "pending",
      grantedBy: null,
      held: [],
      removed: [],
    })),
    refusedOn: {},
    askedAgain: false,
  };
}

export type Command =
  /** one platform sign-in by the client granting the chosen services of that platform (a mask over its open services) */
  | { kind: "signIn"; platform: string; mask: boolean[]; assets: AssetNo[] }
  /** the client signs in and picks only the asset the platform refuses */
  | { kind: "refuse"; service: string }
  | { kind: "skip"; service: string }
  /** "Someone else manages this?": the service goes to a colleague */
  | { kind: "forward"; service: string }
  | { kind: "colleagueGrant"; service: string; assets: AssetNo[] }
  | { kind: "colleagueDecline"; service: string }
  /** "I'll do it myself after all" */
  | { kind: "takeBack"; service: string }
  | { kind: "intakeRefused" }
  | { kind: "intakeAccepted" }
  /** "Remove" on one line (one asset) of the client's access page */
  | { kind: "removeLine"; service: string; asset: AssetNo }
  /** the agency's access check finds access gone and it asks again */
  | { kind: "askAgain" };

const OPEN_STATES: ServiceState[] = ["pending", "refused"];

export function serviceOf(m: JourneyModel, id: string): ServiceModel {
  const s = m.services.find((x) => x.id === id);
  if (!s) throw new Error(`the model has no service ${id}`);
  return s;
}

/** The completion rule (lib/core/domain/request-state.ts isComplete), over the model. */
export function isCompleted(m: JourneyModel): boolean {
  if (m.intake === "not_answered" || m.intake === "refused") return false;
  const done = (s: ServiceModel) =>
    s.state === "granted" || s.state === "removed" || (s.state === "skipped" && s.optional);
  return m.services.every(done) && !m.services.every((s) => s.state === "skipped");
}

export const isOpen = (m: JourneyModel) => !isCompleted(m);

/** Services someone may still act on: open, and waiting. */
export function waitingFor(m: JourneyModel, owner: Owner): ServiceModel[] {
  if (!isOpen(m)) return [];
  return m.services.filter((s) => s.owner === owner && OPEN_STATES.includes(s.state));
}

/** The services a client sign-in on `platform` grants for a mask (at least the first waiting one). */
export function signInServices(m: JourneyModel, platform: string, mask: boolean[]): ServiceModel[] {
  const waiting = waitingFor(m, "client").filter((s) => s.platform === platform);
  const chosen = waiting.filter((_, i) => mask[i % mask.length]);
  return chosen.length > 0 ? chosen : waiting.slice(0, 1);
}

export function enabled(m: JourneyModel, c: Command): boolean {
  const mine = (id: string) => waitingFor(m, "client").some((s) => s.id === id);
  const theirs = (id: string) => waitingFor(m, "colleague").some((s) => s.id === id);
  switch (c.kind) {
    case "signIn":
      return signInServices(m, c.platform, c.mask).length > 0;
    case "refuse":
    case "forward":
      return mine(c.service);
    case "skip":
      return mine(c.service) && serviceOf(m, c.service).optional;
    case "colleagueGrant":
    case "colleagueDecline":
    case "takeBack":
      return theirs(c.service);
    case "intakeRefused":
    case "intakeAccepted":
      return isOpen(m) && (m.intake === "not_answered" || m.intake === "refused");
    case "removeLine":
      return serviceOf(m, c.service).held.includes(c.asset);
    case "askAgain":
      // the sandbox reads asset 2 as lost: a check finds it gone once some asset 2 is held
      return !m.askedAgain && m.services.some((s) => s.held.includes(2));
  }
}

function withService(m: JourneyModel, id: string, change: (s: ServiceModel) => Partial<ServiceModel>): JourneyModel {
  return { ...m, services: m.services.map((s) => (s.id === id ? { ...s, ...change(s) } : s)) };
}

function withoutRefusal(m: JourneyModel, platform: string): Record<string, Owner> {
  const rest = { ...m.refusedOn };
  delete rest[platform];
  return rest;
}

export function applyCommand(m: JourneyModel, c: Command): JourneyModel {
  switch (c.kind) {
    case "signIn": {
      const ids = new Set(signInServices(m, c.platform, c.mask).map((s) => s.id));
      const next = { ...m, refusedOn: withoutRefusal(m, c.platform) };
      return {
        ...next,
        services: m.services.map((s) =>
          ids.has(s.id) ? { ...s, state: "granted", grantedBy: "client", held: [...c.assets] } : s,
        ),
      };
    }
    case "refuse": {
      const platform = serviceOf(m, c.service).platform;
      return {
        ...withService(m, c.service, () => ({ state: "refused" })),
        refusedOn: { ...m.refusedOn, [platform]: "client" },
      };
    }
    case "skip":
      return withService(m, c.service, () => ({ state: "skipped" }));
    case "forward":
      return withService(m, c.service, () => ({ owner: "colleague", state: "pending" }));
    case "colleagueGrant": {
      const platform = serviceOf(m, c.service).platform;
      return {
        ...withService(m, c.service, () => ({ state: "granted", grantedBy: "colleague", held: [...c.assets] })),
        refusedOn: withoutRefusal(m, platform),
      };
    }
    case "colleagueDecline":
    case "takeBack":
      return withService(m, c.service, () => ({ owner: "client", state: "pending" }));
    case "intakeRefused":
      return { ...m, intake: "refused" };
    case "intakeAccepted":
      return { ...m, intake: "accepted" };
    case "removeLine":
      return withService(m, c.service, (s) => {
        const held = s.held.filter((a) => a !== c.asset);
        return { held, removed: [...s.removed, c.asset], state: held.length === 0 ? "removed" : s.state };
      });
    case "askAgain":
      return { ...m, askedAgain: true };
  }
}

/** The lines the client's access page shows: one per granted asset still held. */
export function expectedLines(m: JourneyModel): { service: string; asset: AssetNo; grantedBy: Owner }[] {
  return m.services.flatMap((s) => s.held.map((asset) => ({ service: s.id, asset, grantedBy: s.grantedBy! })));
}

export function describeCommand(c: Command): string {
  switch (c.kind) {
    case "signIn":
      return `client signs in to ${c.platform} (mask ${c.mask.map(Number).join("")}, assets ${c.assets.join("+")})`;
    case "colleagueGrant":
      return `colleague grants ${c.service} (assets ${c.assets.join("+")})`;
    case "removeLine":
      return `client removes ${c.service} asset ${c.asset}`;
    case "intakeRefused":
    case "intakeAccepted":
    case "askAgain":
      return c.kind;
    default:
      return `${c.kind} ${c.service}`;
  }
}
