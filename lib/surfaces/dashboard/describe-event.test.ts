import { describe, expect, it } from "vitest";
import { describeEvent, isFailedGrant } from "@/lib/surfaces/dashboard/describe-event";

const body = (data: object) => JSON.stringify({ id: "evt_1", type: "x", data });

describe("describeEvent", () => {
  it("says who granted which service and how many assets, with catalog names", () => {
    const b = body({
      service: { service: "meta_ads", platform: "meta" },
      request: { services: [{ service: "meta_ads", grantedAssets: [{ id: "1" }, { id: "2" }] }] },
    });
    expect(describeEvent("service.granted", b, "Maria")).toEqual({
      text: "Maria granted Meta Ad Account (2 assets)",
      tone: "good",
    });
  });

  it("explains failures with the platform's words and names the attempt's platform", () => {
    expect(
      describeEvent(
        "service.grant_failed",
        body({ service: { service: "google_analytics" }, errors: ["Permission denied"] }),
        "Ana",
      ).text,
    ).toBe("Granting Google Analytics failed: Permission denied");
    const attempt = body({
      attempt: {
        platform: "meta",
        outcome: "partial_success",
        errors: [],
        services: [{ service: "meta_ads", errors: ["Asset refused"] }],
      },
    });
    expect(describeEvent("connection.attempt_completed", attempt, "Ana")).toEqual({
      text: "Meta grant attempt partly succeeded: Asset refused",
      tone: "bad",
    });
    expect(isFailedGrant("connection.attempt_completed", attempt)).toBe(true);
    expect(isFailedGrant("connection.attempt_completed", body({ attempt: { outcome: "success" } }))).toBe(false);
    expect(isFailedGrant("service.granted", attempt)).toBe(false);
  });

  it("never fails on an unreadable body or an unknown type", () => {
    expect(describeEvent("intake.completed", "{not json", null).text).toBe("The client answered the intake form");
    expect(describeEvent("something.new", "{}", null).text).toBe("something.new");
  });
});
