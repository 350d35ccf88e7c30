// The journey model test: fast-check draws journeys of the client side of one request (a
// language, JavaScript on or off, an intake or not, and a sequence of steps: one sign-in
// granting several services, skip, hand a service to a colleague, the colleague grants or
// declines, the client takes it back, the platform refuses, the intake refused then
// accepted, one line removed on the access page, the agency asks again) and runs each on the
// built standalone server over a real database (the embedded one, and PostgreSQL in CI) with
// the sandbox platforms. After every step it reads every page and record that shows the
// request and checks the rules in test/support/journey-model/checks.ts against the model
// (model.ts: pure, no I/O): each grant credited to who made it, nobody offered a service
// that is not theirs, no page thanking or warning its viewer about one, every text in the
// client's language, a removal removing exactly what it said.
//
// Where the behaviour lives: the pages are server-rendered HTML whose every action is a link
// or a form, so the steps run over plain HTTP as a browser without JavaScript does
// (http-driver.ts); with JavaScript on, the intake form's script posts for a JSON answer, and
// the driver does the same. Chromium (playwright-core, from this process rather than a
// Playwright spec, so that one model and one driver serve both) then opens every page a
// JavaScript-on journey visited: axe on each, the page's language and offers read from the
// live DOM, and the intake's refused submit keeping the typed answers.
//
// Replay a failure: the report prints the seed and the shrunk path;
//   JOURNEY_SEED=<seed> JOURNEY_PATH=<path> npx vitest run --config vitest.process.config.ts test/process/journey-model.process.test.ts
// JOURNEY_RUNS sets the number of journeys (default below, sized for CI's time); JOURNEY_RULES
// (a comma list: credit, offer, thanks, language, removal, state, intake, accessibility) checks
// only those rules, to study one of them.
import crypto from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { API_SCOPES } from "@/lib/core/auth/scopes";
import { EVENT_TYPES } from "@/lib/core/events/event-types";
import { addIntakeQuestion, setIntakeEnabled } from "@/lib/core/intake/questions";
import { ZIntakeQuestionInput } from "@/lib/core/intake/question-schemas";
import { createUser } from "@/lib/core/users/create-user";
import { createWebhook } from "@/lib/core/webhooks/create-webhook";
import { ZCreateWebhookBody } from "@/lib/core/webhooks/schemas";
import { sandboxAgencyToken } from "@/lib/infra/connectors/sandbox-connector";
import { closeDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import { signInDashboard } from "@/test/support/server-actions";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";
import { checkPagesBefore, checkSnapshot } from "@/test/support/journey-model/checks";
import {
  DriverError,
  observe,
  perform,
  startRun,
  switchedOn,
  type JourneyServer,
} from "@/test/support/journey-model/http-driver";
import { journeyArbitrary, type Journey } from "@/test/support/journey-model/journey-arbitrary";
import { applyCommand, describeCommand, enabled, initialModel } from "@/test/support/journey-model/model";
import { browserPass, closeBrowser } from "@/test/support/journey-model/browser-pass";

const PASSWORD = "journey-owner-Secret1";
const RUNS = Number(process.env.JOURNEY_RUNS ?? 5);
// JOURNEY_RULES=offer,credit checks only those rules (to study one rule; CI checks them all)
const RULES =
  process.env.JOURNEY_RULES?.split(",")
    .map((r) => r.trim())
    .filter(Boolean) ?? null;
const kept = (broken: string[]) => (RULES ? broken.filter((b) => RULES.some((r) => b.includes(`: ${r}:`))) : broken);
let app: RunningServer;
let server: JourneyServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  prepareStandalone();
  // one key for what this process seals and the server that opens it
  process.env.ENCRYPTION_KEY = crypto.randomBytes(32).toString("hex");
  // the webhook receiver listens on loopback
  process.env.WEBHOOK_ALLOW_LOOPBACK = "1";
  process.env.SANDBOX_PLATFORMS = "1";
  resetEnvCache();
  const agency = await createAgency({ name: "Atlas Studio", plan: "agency" });
  const key = await createApiKey({ agencyId: agency.id, scopes: API_SCOPES });
  const accounts: Record<string, string> = {};
  for (const platform of ["google", "meta"])
    accounts[platform] = (
      await connectAccount({
        agencyId: agency.id,
        platform,
        email: `${platform}@atlas.test`,
        // the sandbox token lets the agency read access back and remove it
        accessToken: sandboxAgencyToken(platform),
      })
    ).internalAccountId;
  // the intake: a required question and an optional one, each in the three languages
  await setIntakeEnabled({ agencyId: agency.id, enabled: true });
  const questions = [
    { label: "Company website", required: true, es: "Sitio web de la empresa", nl: "Website van het bedrijf" },
    { label: "Anything we should know", required: false, es: "Algo que debamos saber", nl: "Iets wat we moeten weten" },
  ];
  for (const q of questions)
    await addIntakeQuestion({
      agencyId: agency.id,
      input: ZIntakeQuestionInput.parse({
        type: "text",
        label: q.label,
        required: q.required,
        translations: { Spanish: { label: q.es }, Dutch: { label: q.nl } },
      }),
    });
  await createUser({ agencyId: agency.id, email: "owner@atlas.test", password: PASSWORD, emailVerified: true });
  receiver = await startWebhookReceiver();
  await createWebhook({
    agencyId: agency.id,
    input: ZCreateWebhookBody.parse({ url: receiver.url("/journey"), events: [...EVENT_TYPES] }),
  });
  // the embedded database belongs to one process: hand it to the server
  await closeDb();
  // the worker in the server's process sends the webhooks, and the platforms are the sandbox's (on PostgreSQL too)
  app = await startStandalone({ WEBHOOK_ALLOW_LOOPBACK: "1", WORKER_IN_PROCESS: "1", SANDBOX_PLATFORMS: "1" });
  server = {
    url: app.url,
    agencyId: agency.id,
    apiKey: key.key,
    accounts,
    jar: await signInDashboard(app.url, "owner@atlas.test", PASSWORD),
    received: () => receiver.byPath("/journey").map((d) => d.body),
  };
}, 150_000);
afterAll(async () => {
  await closeBrowser();
  await stopServer(app);
  await receiver?.close();
});

/** Runs one journey; throws with the steps so far and every rule that broke, page by page. */
async function runJourney(j: Journey) {
  let model = initialModel(j);
  const run = await startRun(server, model);
  const steps: string[] = [
    `${j.language}, JavaScript ${j.js ? "on" : "off"}, intake ${j.intake ? "asked" : "not asked"}`,
  ];
  const fail = (broken: string[]) => {
    throw new Error(
      `journey rules broken after step ${steps.length - 1}:\n  ${broken.join("\n  ")}\nthe journey so far:\n  ${steps.join("\n  ")}\nrequest ${run.requestId}, client link /i/${run.token}`,
    );
  };
  for (const command of j.commands) {
    if (!enabled(model, command) || !switchedOn(command)) continue;
    steps.push(describeCommand(command));
    const before = model;
    try {
      await perform(run, model, command);
    } catch (err) {
      if (err instanceof DriverError) fail([`step "${describeCommand(command)}": ${err.message}`]);
      throw err;
    }
    model = applyCommand(model, command);
    const broken = kept([
      ...checkPagesBefore(before, run.during, run.people),
      ...checkSnapshot(model, await observe(run, model), run.people, run.internalId),
    ]);
    if (broken.length > 0) fail(broken);
  }
  if (process.env.JOURNEY_VERBOSE) console.log(`journey ${run.requestId}:\n  ${steps.join("\n  ")}`);
  if (j.js) {
    const broken = kept(await browserPass(server.url, run, model));
    if (broken.length > 0) fail(broken);
  }
}

it("every journey keeps each service with its owner, credits every grant, speaks the client's language and removes what it says", async () => {
  const seed = process.env.JOURNEY_SEED ? Number(process.env.JOURNEY_SEED) : undefined;
  const path = process.env.JOURNEY_PATH || undefined;
  const result = await fc.check(fc.asyncProperty(journeyArbitrary, runJourney), {
    numRuns: RUNS,
    seed,
    path,
    // shrinking re-runs journeys on the server: bounded, then the smallest failure so far is reported
    interruptAfterTimeLimit: 240_000,
  });
  if (result.failed) {
    const err = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    expect.fail(
      `a journey broke the rules (after ${result.numRuns} journey(s), shrunk ${result.numShrinks} time(s)).\n` +
        `Replay: JOURNEY_SEED=${result.seed} JOURNEY_PATH=${result.counterexamplePath}\n${err}`,
    );
  }
  expect(result.numRuns).toBeGreaterThan(0);
}, 600_000);
