// The journey model's own rules, without a server: who may act on what, the completion rule,
// and what a line removal leaves; and the checks on pages written by hand.
import { describe, expect, it } from "vitest";
import {
  applyCommand,
  enabled,
  expectedLines,
  initialModel,
  isCompleted,
  signInServices,
  type Command,
  type JourneyModel,
} from "@/test/support/journey-model/model";
import { checkPagesBefore, languageViolations } from "@/test/support/journey-model/checks";

const people = { client: "Lucía Gómez", colleague: "Marta Ruiz", colleagueEmail: "marta@client.test" };

function run(m: JourneyModel, ...commands: Command[]): JourneyModel {
  for (const c of commands) {
    expect(enabled(m, c), JSON.stringify(c)).toBe(true);
    m = applyCommand(m, c);
  }
  return m;
}

describe("the journey model", () => {
  it("a forwarded service is the colleague's: the client's sign-in no longer covers it, until taken back", () => {
    let m = run(initialModel({ language: "Spanish", js: false, intake: false }), {
      kind: "forward",
      service: "google_tag_manager",
    });
    expect(signInServices(m, "google", [true, true]).map((s) => s.id)).toEqual(["google_analytics"]);
    expect(enabled(m, { kind: "forward", service: "google_tag_manager" })).toBe(false);
    expect(enabled(m, { kind: "colleagueGrant", service: "google_tag_manager", assets: [1] })).toBe(true);
    m = run(m, { kind: "takeBack", service: "google_tag_manager" });
    expect(signInServices(m, "google", [true, true]).map((s) => s.id)).toEqual([
      "google_analytics",
      "google_tag_manager",
    ]);
    expect(enabled(m, { kind: "colleagueGrant", service: "google_tag_manager", assets: [1] })).toBe(false);
  });

  it("completes when every required service is granted and the intake answered, and credits each grant", () => {
    let m = run(
      initialModel({ language: "Dutch", js: true, intake: true }),
      { kind: "signIn", platform: "google", mask: [true, true], assets: [1, 2] },
      { kind: "forward", service: "meta_ads" },
      { kind: "colleagueGrant", service: "meta_ads", assets: [1] },
      { kind: "skip", service: "meta_pixel" },
    );
    expect(isCompleted(m)).toBe(false);
    m = run(m, { kind: "intakeRefused" }, { kind: "intakeAccepted" });
    expect(isCompleted(m)).toBe(true);
    expect(expectedLines(m)).toEqual([
      { service: "google_analytics", asset: 1, grantedBy: "client" },
      { service: "google_analytics", asset: 2, grantedBy: "client" },
      { service: "google_tag_manager", asset: 1, grantedBy: "client" },
      { service: "google_tag_manager", asset: 2, grantedBy: "client" },
      { service: "meta_ads", asset: 1, grantedBy: "colleague" },
    ]);
  });

  it("removing one line removes that asset only", () => {
    const m = run(
      initialModel({ language: "English", js: false, intake: false }),
      { kind: "signIn", platform: "meta", mask: [true, false], assets: [1, 2] },
      { kind: "removeLine", service: "meta_ads", asset: 1 },
    );
    expect(expectedLines(m)).toEqual([{ service: "meta_ads", asset: 2, grantedBy: "client" }]);
    expect(enabled(m, { kind: "removeLine", service: "meta_ads", asset: 1 })).toBe(false);
  });
});

describe("the checks", () => {
  it("name the page and the rule: a sign-in offered over a service handed to a colleague", () => {
    const m = run(initialModel({ language: "English", js: false, intake: false }), {
      kind: "forward",
      service: "google_tag_manager",
    });
    const html =
      '<html lang="en"><body><div data-platform-sign-in="google"><a href="/api/access/t/connect/google_analytics">Go</a></div>' +
      '<li data-service="google_analytics"><span data-status="pending">Pending</span></li>' +
      '<li data-service="google_tag_manager"><span data-status="pending">Pending</span><a href="/api/access/t/connect/google_tag_manager">Grant access</a></li>' +
      '<li data-service="meta_ads"><span data-status="pending">Pending</span><a href="/api/access/t/connect/meta_ads">Grant</a></li>' +
      '<li data-service="meta_pixel"><span data-status="pending">Pending</span><a href="/api/access/t/connect/meta_pixel">Grant</a></li></body></html>';
    expect(checkPagesBefore(m, [{ name: "the client's page", viewer: "client", html }], people)).toEqual([
      "the client's page: offer: offers Lucía Gómez google_tag_manager, which is handed to Marta Ruiz",
      "the client's page: offer: one google sign-in is offered for several services, but only google_analytics is the viewer's to grant",
    ]);
  });

  it("find English on a Spanish page, and a page whose lang is not the client's", () => {
    expect(
      languageViolations(
        "es",
        "the receipt",
        '<html lang="en"><title>Removal receipt</title><p>Take it back</p></html>',
        {
          page: true,
        },
      ),
    ).toEqual([
      'the receipt: language: <html lang="en">, the client reads es',
      'the receipt: language: English text on a es page: "Take it back", "Removal receipt"',
      'the receipt: language: the title is "Removal receipt" in English on a es page',
    ]);
  });
});
