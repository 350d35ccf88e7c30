// Checks how a grant attempt's connector answers become its outcome, its reasons and
// the attempt event payload.
import { describe, expect, it } from "vitest";
import {
  attemptEventData,
  buildAttemptReport,
  clip,
  combinedOutcome,
  shownErrors,
} from "@/lib/core/grants/attempt-report";

const generic = "Something went wrong on our side. Please try again.";
const ok = (assetId: string) => ({ assetId, ok: true, error: null });
const bad = (assetId: string, error: string, errorKind?: "platform_error" | "server_error") => ({
  assetId,
  ok: false,
  error,
  errorKind,
});

describe("buildAttemptReport", () => {
  it("is a success when every asset is granted to every account", () => {
    const report = buildAttemptReport({
      assetIds: ["a", "b", "a"],
      results: [{ results: [ok("a"), ok("b")] }],
      failure: null,
      genericMessage: generic,
    });
    expect(report).toEqual({ outcome: "success", grantedAssetIds: ["a", "b"], serviceErrors: [], generalErrors: [] });
  });

  it("is a partial success with the platform's reasons for the others, once each", () => {
    const report = buildAttemptReport({
      assetIds: ["a", "b", "c"],
      results: [{ results: [ok("a"), bad("b", "No partners"), bad("c", "No partners")] }],
      failure: null,
      genericMessage: generic,
    });
    expect(report).toEqual({
      outcome: "partial_success",
      grantedAssetIds: ["a"],
      serviceErrors: ["No partners"],
      generalErrors: [],
    });
  });

  it("needs every agency account to get an asset, and replaces server errors and missing answers", () => {
    const report = buildAttemptReport({
      assetIds: ["a", "b"],
      results: [{ results: [ok("a"), ok("b")] }, { results: [bad("a", "internal trace", "server_error")] }],
      failure: null,
      genericMessage: generic,
    });
    expect(report.outcome).toBe("failed");
    expect(report.serviceErrors).toEqual([generic]);
  });

  it("fails the whole attempt on a thrown error, generic for server errors", () => {
    expect(
      buildAttemptReport({
        assetIds: ["a"],
        results: [],
        failure: { message: "Rejected", serverError: false },
        genericMessage: generic,
      }),
    ).toEqual({
      outcome: "failed",
      grantedAssetIds: [],
      serviceErrors: [],
      generalErrors: ["Rejected"],
    });
    const hidden = buildAttemptReport({
      assetIds: ["a"],
      results: [],
      failure: { message: "db at 10.0.0.3", serverError: true },
      genericMessage: generic,
    });
    expect(shownErrors(hidden)).toEqual([generic]);
  });

  it("cuts reasons to 500 characters", () => {
    expect(clip("x".repeat(600))).toHaveLength(500);
    const report = buildAttemptReport({
      assetIds: ["a"],
      results: [{ results: [bad("a", "y".repeat(900))] }],
      failure: null,
      genericMessage: generic,
    });
    expect(report.serviceErrors[0]).toHaveLength(500);
  });

  it("shapes the attempt event", () => {
    const report = buildAttemptReport({
      assetIds: ["a"],
      results: [{ results: [bad("a", "No")] }],
      failure: null,
      genericMessage: generic,
    });
    expect(
      attemptEventData({ platform: "meta", services: [{ serviceId: "meta_ads", serviceStatus: "pending", report }] }),
    ).toEqual({
      platform: "meta",
      outcome: "failed",
      services: [{ service: "meta_ads", status: "pending", errors: ["No"] }],
      errors: [],
    });
  });

  it("shapes one attempt over several services of a platform", () => {
    const full = buildAttemptReport({
      assetIds: ["a"],
      results: [{ results: [ok("a")] }],
      failure: null,
      genericMessage: generic,
    });
    const refused = buildAttemptReport({
      assetIds: ["b"],
      results: [{ results: [bad("b", "No")] }],
      failure: null,
      genericMessage: generic,
    });
    expect(
      attemptEventData({
        platform: "google",
        services: [
          { serviceId: "google_ads", serviceStatus: "granted", report: full },
          { serviceId: "google_analytics", serviceStatus: "pending", report: refused },
        ],
      }),
    ).toEqual({
      platform: "google",
      outcome: "partial_success",
      services: [
        { service: "google_ads", status: "granted", errors: [] },
        { service: "google_analytics", status: "pending", errors: ["No"] },
      ],
      errors: [],
    });
    expect(combinedOutcome([full, full])).toBe("success");
    expect(combinedOutcome([refused, refused])).toBe("failed");
    expect(combinedOutcome([])).toBe("failed");
    const down = buildAttemptReport({
      assetIds: ["c"],
      results: [],
      failure: { message: "Sign in again", serverError: false },
      genericMessage: generic,
    });
    expect(
      attemptEventData({
        platform: "google",
        services: [
          { serviceId: "google_ads", serviceStatus: "pending", report: down },
          { serviceId: "google_analytics", serviceStatus: "pending", report: down },
        ],
      }).errors,
    ).toEqual(["Sign in again"]);
  });
});
