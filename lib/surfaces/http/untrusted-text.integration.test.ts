// The one text boundary, walked over every door that takes text: the client pages' and the
// static link's form posts (real HTTP), every exported server action of the dashboard, the
// sign-up, invite and sign-in pages' actions and next-auth's sign-in, and the dashboard's
// query strings. A NUL (or an unpaired surrogate, where the transport can carry one) in any
// string field is refused as that field's error, and nothing in the database changes. The
// session and the request headers stand in for next-auth's cookie and the browser's call.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => ({
  session: null as { userId: string; agencyId?: string } | null,
  headers: new Headers(),
}));
vi.mock("next-auth", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getServerSession: async () => fake.session,
}));
vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  headers: async () => fake.headers,
}));

const { getDb } = await import("@/lib/infra/db/db");
const { createUser } = await import("@/lib/core/users/create-user");
const { addIntakeQuestion, setIntakeEnabled } = await import("@/lib/core/intake/questions");
const { ZIntakeQuestionInput } = await import("@/lib/core/intake/question-schemas");
const { startApiServer } = await import("@/test/support/api-server");
const { locationOf, postForm, seedAccessAgency, seedAccessRequest } = await import("@/test/support/access-fixtures");
const { UNSTORABLE_TEXT_MESSAGE } = await import("@/lib/surfaces/http/untrusted-text");
const { t } = await import("@/lib/infra/i18n/dictionary");
const { authOptions, SIGN_IN_INVALID_CHARACTERS } = await import("@/lib/surfaces/dashboard/auth-options");
const { TAB_AGENCY_HEADER } = await import("@/lib/surfaces/dashboard/tab-agency-header");

type Failure = { ok: false; code: string; error: string; fieldErrors?: Record<string, string> };
type Action = (input: unknown) => Promise<{ ok: true; data: unknown } | Failure>;

const NUL = "a\u0000b";
const MEGABYTE = "x".repeat(1024 * 1024);
const PASSWORD = "correct horse battery staple 42";
let server: Awaited<ReturnType<typeof startApiServer>>;
let agencyId: string;
let token: string;
let questionId: string;
let userEmail: string;

beforeAll(async () => {
  server = await startApiServer();
  const agency = await seedAccessAgency(["meta"]);
  agencyId = agency.agencyId;
  await setIntakeEnabled({ agencyId, enabled: true });
  const form = await addIntakeQuestion({
    agencyId,
    input: ZIntakeQuestionInput.parse({ type: "text", label: "Website?", required: false }),
  });
  questionId = form.questions.at(-1)!.id;
  token = (await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } }, { intake: true })).token;
  userEmail = `boundary-${Date.now()}@agency.test`;
  const user = await createUser({ agencyId, email: userEmail, password: PASSWORD, emailVerified: true });
  // an instance administrator too, so the instance pages' actions reach their input
  await (await getDb()).user.update({ where: { id: user.id }, data: { instanceAdmin: true } });
  fake.session = { userId: user.id, agencyId };
  fake.headers = new Headers({ [TAB_AGENCY_HEADER]: agencyId, "x-forwarded-for": "203.0.113.9" });
});
afterAll(() => server.close());

/** Row counts of every table a door could write to: the same before and after a refusal. */
async function snapshot(): Promise<Record<string, number>> {
  const db = await getDb();
  return {
    agency: await db.agency.count(),
    user: await db.user.count(),
    membership: await db.membership.count(),
    teamInvite: await db.teamInvite.count(),
    apiKey: await db.apiKey.count(),
    client: await db.client.count(),
    accessRequest: await db.accessRequest.count(),
    intakeQuestion: await db.intakeQuestion.count(),
    intakeAnswer: await db.intakeAnswer.count(),
    webhook: await db.webhook.count(),
    event: await db.event.count(),
    clientNote: await db.clientNote.count(),
    auditEntry: await db.auditEntry.count(),
    requestForward: await db.requestForward.count(),
    platformSetting: await db.platformSetting.count(),
    email: await db.email.count(),
  };
}

/** Every way to put `value` (a NUL unless told) into one string leaf of `sample`: [path, mutated sample]. */
function withInEachString(sample: unknown, value = NUL, at = ""): [string, unknown][] {
  if (typeof sample === "string") return [[at, value]];
  if (Array.isArray(sample))
    return sample.flatMap((v, i) =>
      withInEachString(v, value, `${at}[${i}]`).map(([p, m]): [string, unknown] => [
        p,
        sample.map((x, j) => (j === i ? m : x)),
      ]),
    );
  if (sample && typeof sample === "object")
    return Object.entries(sample).flatMap(([k, v]) =>
      withInEachString(v, value, at ? `${at}.${k}` : k).map(([p, m]): [string, unknown] => [p, { ...sample, [k]: m }]),
    );
  return [];
}

describe("the client pages' and static link's form posts", () => {
  const routes = (): { url: string; form: Record<string, string> }[] => [
    {
      url: `/api/access/${token}/forward/forward`,
      form: { name: "Bea Colleague", email: "bea@client.test", note: "Please", service: "meta_ads" },
    },
    { url: `/api/access/${token}/intake`, form: { [`q.${questionId}`]: "https://client.test" } },
    { url: `/api/access/${token}/services/meta_ads/skip`, form: { surface: "invite" } },
    { url: `/api/access/${token}/services/meta_ads/grant`, form: { asset: "act_1", session: "s" } },
    {
      url: `/api/access/static/not-a-real-link`,
      form: { name: "Vi Visitor", email: "vi@visitor.test", company: "Co", language: "English", formToken: "t" },
    },
  ];

  it("answer the field's own error for a NUL in each field, as JSON and as a redirect, and store nothing", async () => {
    const before = await snapshot();
    for (const { url, form } of routes()) {
      for (const field of Object.keys(form)) {
        const sent = { ...form, [field]: NUL };
        const json = await postForm(`${server.url}${url}`, sent, { json: true });
        expect(json.status, `${url} ${field}`).toBe(400);
        const body = (await json.json()) as { error: { code: string; fields: Record<string, string> } };
        expect(body.error.code).toBe("invalid_input");
        expect(body.error.fields[field], `${url} ${field}`).toBe(
          "Remove the invisible or broken characters from this field",
        );
        const plain = await postForm(`${server.url}${url}`, sent);
        expect(plain.status).toBe(303);
        const back = locationOf(plain);
        expect(back.searchParams.get("error")).toBe("invalid_input");
        expect(back.searchParams.get("fields")).toBe(`${field}:invalidCharacters`);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answer a 1 MB field with a 413 that says why and a malformed JSON body with a 400, and store nothing", async () => {
    const before = await snapshot();
    for (const { url, form } of routes()) {
      for (const field of Object.keys(form)) {
        const json = await postForm(`${server.url}${url}`, { ...form, [field]: MEGABYTE }, { json: true });
        expect(json.status, `${url} ${field}`).toBe(413);
        const body = (await json.json()) as { error: { code: string; message: string } };
        expect(body.error, `${url} ${field}`).toMatchObject({ code: "too_large", message: t("en", "form.tooLarge") });
        const plain = await postForm(`${server.url}${url}`, { ...form, [field]: MEGABYTE });
        expect(plain.status).toBe(303);
        expect(locationOf(plain).searchParams.get("error")).toBe("too_large");
      }
      const malformed = await fetch(`${server.url}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: '{"name": ',
      });
      expect(malformed.status, url).toBe(400);
      expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe("invalid_input");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("name the field in the client's language", async () => {
    const res = await fetch(`${server.url}/api/access/${token}/forward/forward`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        "accept-language": "es",
      },
      body: "name=a%00b&email=bea%40client.test&service=meta_ads",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.name).toBe(
      "Quita los caracteres invisibles o dañados de este campo",
    );
  });
});

/** Every exported server action of the app (files marked "use server"), by file and name. */
async function allActions(): Promise<{ name: string; run: Action }[]> {
  const out: { name: string; run: Action }[] = [];
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return walk(full);
      return /-actions\.ts$/.test(e.name) && fs.readFileSync(full, "utf8").startsWith('"use server"') ? [full] : [];
    });
  for (const file of walk(path.resolve("app"))) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [name, fn] of Object.entries(mod)) {
      // an action without input (beginTwoFactorAction) takes no text
      if (typeof fn === "function" && fn.length > 0)
        out.push({ name: `${path.relative("app", file)}#${name}`, run: fn as Action });
    }
  }
  return out;
}

const SOME_ID = "00000000-0000-4000-8000-000000000000";
/** Real inputs of the actions that stored text before the boundary existed. */
const SAMPLES: Record<string, unknown> = {
  createClientAction: { name: "Ana", email: "ana@client.test", company: "Co", language: "English" },
  addClientNoteAction: { clientId: SOME_ID, body: "Called them" },
  addIntakeQuestionAction: { type: "text", label: "Budget?", required: false },
  createWebhookAction: { url: "https://hooks.example/x", events: ["request.created"] },
  createApiKeyAction: { name: "CI", scopes: ["clients:read"] },
  disconnectAccountAction: { internalAccountId: "acc_1" },
  acceptInvitationAction: { requestId: SOME_ID, serviceId: "meta_ads" },
  signUpAction: { agencyName: "New Co", name: "Ned", email: "ned@new.test", password: PASSWORD },
  acceptInviteAction: { token: "tok", name: "Ina", password: PASSWORD },
  resendVerificationAction: { email: "ned@new.test" },
  changePasswordAction: { currentPassword: PASSWORD, newPassword: "x", confirmPassword: "x" },
  savePlatformCredentialsAction: { platform: "meta", values: { META_APP_ID: "1" } },
};

describe("every server action", () => {
  it("refuses a NUL or an unpaired surrogate anywhere in its input, naming the field, before anything runs", async () => {
    const actions = await allActions();
    expect(actions.length).toBeGreaterThan(50);
    const before = await snapshot();
    const form = new FormData();
    form.set("name", NUL);
    const inputs: [unknown, string][] = [
      [{ name: NUL }, "name"],
      [{ id: "00000000-0000-4000-8000-000000000000", patch: { name: "x\ud800" } }, "patch.name"],
      [{ clientId: "00000000-0000-4000-8000-000000000000", body: "\udc00 note" }, "body"],
      [form, "name"],
    ];
    for (const { name, run } of actions) {
      for (const [input, field] of inputs) {
        const r = await run(input);
        expect(r, `${name} ${field}`).toMatchObject({ ok: false, code: "VALIDATION_FAILED" });
        expect((r as Failure).fieldErrors?.[field], `${name} ${field}`).toBe(UNSTORABLE_TEXT_MESSAGE);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a NUL in each string field of real inputs of the actions that stored it before", async () => {
    const actions = new Map((await allActions()).map((a) => [a.name.split("#")[1]!, a.run]));
    const before = await snapshot();
    for (const [name, sample] of Object.entries(SAMPLES)) {
      const run = actions.get(name);
      expect(run, name).toBeDefined();
      for (const [field, input] of withInEachString(sample)) {
        const r = await run!(input);
        expect((r as Failure).fieldErrors?.[field], `${name} ${field}: ${JSON.stringify(r)}`).toBe(
          UNSTORABLE_TEXT_MESSAGE,
        );
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("every server action, with oversized and malformed input", () => {
  it("refuses a 1 MB string in each string field of real inputs, naming the field", async () => {
    const actions = new Map((await allActions()).map((a) => [a.name.split("#")[1]!, a.run]));
    const before = await snapshot();
    for (const [name, sample] of Object.entries(SAMPLES)) {
      for (const [field, input] of withInEachString(sample, MEGABYTE)) {
        const r = await actions.get(name)!(input);
        const where = `${name} ${field}: ${JSON.stringify(r).slice(0, 300)}`;
        expect(r, where).toMatchObject({ ok: false, code: "VALIDATION_FAILED" });
        expect(Object.keys((r as Failure).fieldErrors ?? {}), where).toContain(field);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers malformed JSON, or no object at all, with a validation error, never a throw", async () => {
    const actions = await allActions();
    const before = await snapshot();
    for (const { name, run } of actions) {
      // a body that is not JSON, and a 1 MB string where an object belongs
      for (const input of ['{"name": ', [MEGABYTE]]) {
        const r = await run(input);
        expect(r, `${name} ${JSON.stringify(input).slice(0, 40)}`).toMatchObject({ ok: false });
        expect((r as Failure).code, `${name} ${JSON.stringify(input).slice(0, 40)}: ${JSON.stringify(r)}`).toMatch(
          /^(VALIDATION_FAILED|NOT_FOUND|FORBIDDEN|CAPABILITY_REQUIRED|CONFLICT)$/,
        );
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("sign-in", () => {
  // next-auth's core handler (what its route hands every request to); not in its package exports
  const { AuthHandler } = createRequire(import.meta.url)(path.resolve("node_modules/next-auth/core/index.js")) as {
    AuthHandler: (p: { req: Record<string, unknown>; options: unknown }) => Promise<{
      body?: Record<string, unknown>;
      redirect?: string;
      cookies?: { name: string; value: string }[];
    }>;
  };

  it("names the field's problem for a NUL in the email, password or code, and looks nothing up", async () => {
    const jar: Record<string, string> = {};
    const csrf = await AuthHandler({
      req: { action: "csrf", method: "GET", query: {}, cookies: {}, headers: { host: "localhost:3999" } },
      options: authOptions(),
    });
    for (const c of csrf.cookies ?? []) jar[c.name] = c.value;
    const before = await snapshot();
    for (const body of [
      { email: `a\u0000${userEmail}`, password: PASSWORD },
      { email: userEmail, password: `${PASSWORD}\u0000` },
      { email: userEmail, password: PASSWORD, code: "12\u000034" },
    ]) {
      const res = await AuthHandler({
        req: {
          action: "callback",
          providerId: "credentials",
          method: "POST",
          body: { ...body, csrfToken: String(csrf.body!.csrfToken) },
          query: {},
          cookies: { ...jar },
          headers: { host: "localhost:3999" },
        },
        options: authOptions(),
      });
      const error = new URL(res.redirect!, "http://localhost:3999").searchParams.get("error");
      expect(error).toBe(SIGN_IN_INVALID_CHARACTERS);
      expect(res.redirect).not.toMatch(/prisma|invalid byte|22021/i);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("query strings", () => {
  it("refuse a NUL in a dashboard read's query, naming the parameter", async () => {
    const res = await fetch(`${server.url}/api/dashboard/clients?q=a%00b`, {
      headers: { [TAB_AGENCY_HEADER]: agencyId },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", details: [{ field: "q" }] } });
  });
});
