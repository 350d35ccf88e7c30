import { describe, expect, it } from "vitest";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";
import { linkedinError, LinkedInApiError } from "@/lib/infra/connectors/linkedin/linkedin-errors";

const res = (status: number, json: unknown) => ({ status, headers: {}, text: JSON.stringify(json), json });

describe("LinkedIn error mapping", () => {
  it("reads LinkedIn's error body and the OAuth error body", () => {
    expect(
      linkedinError(
        res(403, { status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED", message: "Not enough permissions" }),
      ),
    ).toMatchObject({
      status: 403,
      code: "ACCESS_DENIED",
      message: "Not enough permissions",
    });
    expect(linkedinError(res(400, { error: "invalid_request", error_description: "code expired" }))).toMatchObject({
      status: 400,
      code: "invalid_request",
      message: "code expired",
    });
    expect(linkedinError(res(502, null)).message).toBe("HTTP 502");
  });

  it("maps 401 to reauth, 429 and an outlasting 5xx to rate_limited (try again in a few minutes) and other refusals to platform_error", () => {
    const kind = (status: number) => toConnectorError("LinkedIn", new LinkedInApiError(status, "m", null)).kind;
    expect(kind(401)).toBe("reauth");
    expect(kind(429)).toBe("rate_limited");
    expect(kind(500)).toBe("rate_limited");
    expect(kind(403)).toBe("platform_error");
    expect(kind(404)).toBe("platform_error");
  });
});
