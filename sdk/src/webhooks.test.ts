// The receiver helper against deliveries signed by the app's own signer
// (lib/infra/delivery/sign-payload.ts): the tolerance on both sides, rotation's two
// signatures, raw bytes, malformed headers and bodies, de-duplication that lets a failed
// handler's retry through, and the per-request stateVersion guard.
import { describe, expect, it } from "vitest";
import { signatureHeader } from "@/lib/infra/delivery/sign-payload";
import {
  createEventDeduplicator,
  createStateVersionGuard,
  createWebhookHandler,
  MemoryEventIdStore,
  verifyWebhook,
  WebhookVerificationError,
} from "./webhooks.js";

const SECRET = "whsec_current";
const OLD = "whsec_previous";
const NOW = 1_800_000_000;
const body = JSON.stringify({
  id: "evt_1",
  type: "request.created",
  schemaVersion: "2026-10-06",
  createdAt: "2027-01-15T08:00:00.000Z",
  test: false,
  data: { request: { id: "r1" } },
});
const sign = (secrets: string[], t = NOW, payload = body) => signatureHeader({ secrets, body: payload, timestamp: t });
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof WebhookVerificationError ? e.reason : String(e);
  }
  return "accepted";
};

describe("verifyWebhook", () => {
  it("accepts a delivery signed with the secret, as text or raw bytes, and returns the typed event", () => {
    const event = verifyWebhook({ payload: body, signature: sign([SECRET]), secret: SECRET, now: NOW * 1000 });
    expect(event.type).toBe("request.created");
    expect(
      verifyWebhook({
        payload: new TextEncoder().encode(body),
        signature: sign([SECRET]),
        secret: SECRET,
        now: NOW * 1000,
      }).id,
    ).toBe("evt_1");
  });

  it("accepts either secret during a rotation (two v1 values), with either secret configured", () => {
    const header = sign([SECRET, OLD]);
    for (const secret of [SECRET, OLD, [OLD, SECRET]])
      expect(reason(() => verifyWebhook({ payload: body, signature: header, secret, now: NOW * 1000 }))).toBe(
        "accepted",
      );
    expect(
      reason(() => verifyWebhook({ payload: body, signature: sign([OLD]), secret: [SECRET, OLD], now: NOW * 1000 })),
    ).toBe("accepted");
  });

  it("refuses outside 300 seconds either side, a forged or tampered delivery, and malformed headers or bodies", () => {
    const at = (t: number) =>
      reason(() => verifyWebhook({ payload: body, signature: sign([SECRET], t), secret: SECRET, now: NOW * 1000 }));
    expect([at(NOW - 300), at(NOW + 300), at(NOW - 301), at(NOW + 301)]).toEqual([
      "accepted",
      "accepted",
      "timestamp_out_of_tolerance",
      "timestamp_out_of_tolerance",
    ]);
    const check = (payload: string, signature: string | undefined) =>
      reason(() => verifyWebhook({ payload, signature, secret: SECRET, now: NOW * 1000 }));
    expect(check(body, sign(["whsec_other"]))).toBe("no_matching_signature");
    expect(check(body.replace("r1", "r2"), sign([SECRET]))).toBe("no_matching_signature");
    expect(check(body, undefined)).toBe("missing_signature");
    expect(check(body, "v1=abc")).toBe("malformed_signature");
    expect(check(body, `t=${NOW},v1=zz`)).toBe("malformed_signature");
    expect(check("not json", sign([SECRET], NOW, "not json"))).toBe("malformed_body");
    expect(check("[1]", sign([SECRET], NOW, "[1]"))).toBe("malformed_body");
  });
});

describe("de-duplication and the stateVersion guard", () => {
  it("runs a handler once per event id, and again after it threw", async () => {
    const dedupe = createEventDeduplicator(new MemoryEventIdStore(2));
    const calls: string[] = [];
    expect(await dedupe.once({ id: "evt_a" }, () => calls.push("a"))).toBe(true);
    expect(await dedupe.once({ id: "evt_a" }, () => calls.push("a again"))).toBe(false);
    await expect(
      dedupe.once({ id: "evt_b" }, () => {
        throw new Error("db down");
      }),
    ).rejects.toThrow("db down");
    expect(await dedupe.once({ id: "evt_b" }, () => calls.push("b retried"))).toBe(true);
    expect(calls).toEqual(["a", "b retried"]);
  });

  it("accepts snapshots at least as new as the newest seen per request, and refuses older ones", async () => {
    const guard = createStateVersionGuard();
    expect(await guard.accept({ id: "r1", stateVersion: 3 })).toBe(true);
    expect(await guard.accept({ id: "r1", stateVersion: 3 })).toBe(true); // several events share a version
    expect(await guard.accept({ id: "r1", stateVersion: 2 })).toBe(false);
    expect(await guard.accept({ id: "r2", stateVersion: 1 })).toBe(true);
    expect(await guard.accept({ id: "r1", stateVersion: 7 })).toBe(true);
    expect(await guard.accept({ id: "r1", stateVersion: 5 })).toBe(false);
  });

  it("the handler answers 500 when onEvent throws, so the service retries, and processes the retry", async () => {
    let fail = true;
    const seen: string[] = [];
    const handle = createWebhookHandler({
      secret: SECRET,
      toleranceSeconds: 10 ** 9,
      onEvent: (e) => {
        if (fail) throw new Error("busy");
        seen.push(e.id);
      },
    });
    expect((await handle(body, sign([SECRET]))).status).toBe(500);
    fail = false;
    expect(await handle(body, sign([SECRET]))).toMatchObject({ status: 200, body: "ok" });
    expect(seen).toEqual(["evt_1"]);
  });
});
