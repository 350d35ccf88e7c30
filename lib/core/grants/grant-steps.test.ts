// The pure steps of a grant: which picks an attempt accepts (checkGrantPick), what a
// read-back says (verification), how a connector's throw reads (attemptFailure) and what
// the client is shown for an attempt over several services (attemptSummary).
import { describe, expect, it } from "vitest";
import { attemptFailure, verification } from "@/lib/core/grants/call-platform";
import { checkGrantPick, MAX_ASSETS_PER_GRANT } from "@/lib/core/grants/check-grant-pick";
import { GrantRefusal } from "@/lib/core/grants/grant-refusal";
import type { GrantRequest } from "@/lib/core/grants/grant-request";
import { attemptSummary } from "@/lib/core/grants/record-grant-attempt";
import type { AttemptReport } from "@/lib/core/grants/attempt-report";
import { ConnectorError } from "@/lib/infra/connectors/connector";

const now = new Date("2026-03-01T12:00:00Z");

function request(
  services: { serviceId: string; platform: string; status?: "pending" | "granted" | "skipped" }[],
  over: Partial<GrantRequest> = {},
): GrantRequest {
  return {
    id: "req",
    status: "pending",
    expiresAt: new Date("2026-04-01T00:00:00Z"),
    services: services.map((s) => ({ ...s, status: s.status ?? "pending", accessLevel: "admin", accounts: [] })),
    ...over,
  } as unknown as GrantRequest;
}

const metaRequest = request([
  { serviceId: "meta_ads", platform: "meta" },
  { serviceId: "google_ads", platform: "google" },
  { serviceId: "meta_page", platform: "meta" },
  { serviceId: "meta_pixel", platform: "meta", status: "granted" },
  { serviceId: "meta_instagram", platform: "meta" },
]);

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof GrantRefusal) return err.code;
    throw err;
  }
  return "accepted";
}

describe("checkGrantPick", () => {
  it("takes the picked services of the sign-in's platform in request order, ids cleaned", () => {
    const pick = checkGrantPick({
      request: metaRequest,
      serviceId: "meta_page",
      assetIds: ["p1", "p1", ""],
      selections: [{ serviceId: "meta_ads", assetIds: ["a1", "x".repeat(256)] }],
      now,
    });
    expect(pick.lead.serviceId).toBe("meta_page");
    expect(pick.chosen.map((c) => [c.svc.serviceId, c.assetIds])).toEqual([
      ["meta_ads", ["a1"]],
      ["meta_page", ["p1"]],
    ]);
  });

  it("leaves out a service the client picked nothing for", () => {
    const pick = checkGrantPick({
      request: metaRequest,
      serviceId: "meta_ads",
      assetIds: ["a1"],
      selections: [{ serviceId: "meta_page", assetIds: [] }],
      now,
    });
    expect(pick.chosen.map((c) => c.svc.serviceId)).toEqual(["meta_ads"]);
  });

  it("refuses a closed request, a service not pending, not one-click, of another platform or unknown", () => {
    const base = { serviceId: "meta_ads", assetIds: ["a1"], now };
    expect(refusal(() => checkGrantPick({ ...base, request: request([], { status: "cancelled" }) }))).toBe("closed");
    expect(
      refusal(() => checkGrantPick({ ...base, request: { ...metaRequest, expiresAt: new Date("2026-02-01") } })),
    ).toBe("closed");
    expect(refusal(() => checkGrantPick({ ...base, request: metaRequest, serviceId: "meta_pixel" }))).toBe(
      "not_allowed",
    );
    expect(refusal(() => checkGrantPick({ ...base, request: metaRequest, serviceId: "meta_instagram" }))).toBe(
      "not_allowed",
    );
    for (const serviceId of ["google_ads", "meta_instagram", "meta_pixel", "tiktok_ads"]) {
      const selections = [{ serviceId, assetIds: ["x"] }];
      expect(refusal(() => checkGrantPick({ ...base, request: metaRequest, selections }))).toBe("not_allowed");
    }
  });

  it("refuses an empty pick and more than the limit for one service", () => {
    const base = { request: metaRequest, serviceId: "meta_ads", now };
    expect(refusal(() => checkGrantPick({ ...base, assetIds: [] }))).toBe("no_assets");
    const many = Array.from({ length: MAX_ASSETS_PER_GRANT + 1 }, (_, i) => `a${i}`);
    expect(refusal(() => checkGrantPick({ ...base, assetIds: many }))).toBe("no_assets");
    expect(refusal(() => checkGrantPick({ ...base, assetIds: many.slice(1) }))).toBe("accepted");
  });
});

describe("verification", () => {
  const read = (verified: boolean | null | undefined) => ({
    results: [{ assetId: "a", ok: true, error: null, verified }],
  });

  it("is confirmed only when every account's grant was read back", () => {
    expect(verification([read(true), read(true)], "a", now)).toEqual({
      verified: true,
      verifiedAt: now.toISOString(),
    });
    expect(verification([read(true), read(null)], "a", now)).toEqual({ verified: null, verifiedAt: null });
    expect(verification([read(true), read(false)], "a", now)).toEqual({
      verified: false,
      verifiedAt: now.toISOString(),
    });
    expect(verification([read(undefined)], "a", now)).toEqual({ verified: null, verifiedAt: null });
    expect(verification([], "a", now)).toEqual({ verified: null, verifiedAt: null });
  });
});

describe("attemptFailure", () => {
  it("asks for a new sign-in, names the platform's limit, hides server errors", () => {
    expect(attemptFailure(new ConnectorError("reauth", "token"), "Meta", "en").message).toContain("Meta");
    expect(attemptFailure(new ConnectorError("rate_limited", "slow"), "Meta", "en").message).toContain("Meta");
    expect(attemptFailure(new ConnectorError("platform_error", "No partners"), "Meta", "en")).toEqual({
      message: "No partners",
      serverError: false,
    });
    expect(attemptFailure(new ConnectorError("server_error", "boom"), "Meta", "en").serverError).toBe(true);
    expect(attemptFailure(new Error("bug"), "Meta", "en")).toEqual({ message: "", serverError: true });
  });
});

describe("attemptSummary", () => {
  const report = (over: Partial<AttemptReport>): AttemptReport => ({
    outcome: "failed",
    grantedAssetIds: [],
    serviceErrors: [],
    generalErrors: [],
    ...over,
  });

  it("shows one service's reasons as they are", () => {
    const r = report({ serviceErrors: ["No partners"], generalErrors: [] });
    const summary = attemptSummary([{ serviceId: "meta_ads", serviceStatus: "pending", report: r }], "en");
    expect(summary.errors).toEqual(["No partners"]);
    expect(summary.report.outcome).toBe("failed");
  });

  it("names the service of each reason when the attempt had several, and combines the outcome", () => {
    const summary = attemptSummary(
      [
        {
          serviceId: "meta_ads",
          serviceStatus: "granted",
          report: report({ outcome: "success", grantedAssetIds: ["a1"] }),
        },
        {
          serviceId: "meta_page",
          serviceStatus: "pending",
          report: report({ serviceErrors: ["No partners"], generalErrors: ["Try later"] }),
        },
      ],
      "en",
    );
    expect(summary.report).toEqual({
      outcome: "partial_success",
      grantedAssetIds: ["a1"],
      serviceErrors: ["No partners"],
      generalErrors: ["Try later"],
    });
    expect(summary.errors).toHaveLength(2);
    expect(summary.errors[0]).toMatch(/: No partners$/);
    expect(summary.errors[0]).not.toBe("No partners");
    expect(summary.errors[1]).toBe("Try later");
  });
});
