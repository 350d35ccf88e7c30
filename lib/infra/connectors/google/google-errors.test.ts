import { describe, expect, it } from "vitest";
import {
  classifyGoogleError,
  GoogleApiError,
  isGoogleRetryable,
  NO_DEVELOPER_TOKEN_TEXT,
  readGoogleError,
} from "@/lib/infra/connectors/google/google-errors";
import { assetFailure, toConnectorError } from "@/lib/infra/connectors/platform-errors";

const google = (code: number, status: string, message = "msg", details?: unknown[]) => ({
  status: code,
  json: { error: { code, message, status, ...(details ? { details } : {}) } },
});
const adsFailure = (errorCode: Record<string, string>, message = "ads msg") => [
  {
    "@type": "type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure",
    errors: [{ errorCode, message }],
    requestId: "r1",
  },
];

describe("Google error mapping", () => {
  it("maps error.status to the connector outcomes", () => {
    expect(classifyGoogleError(google(401, "UNAUTHENTICATED")).kind).toBe("reauth");
    expect(classifyGoogleError(google(429, "RESOURCE_EXHAUSTED")).kind).toBe("rate_limited");
    expect(classifyGoogleError(google(409, "ALREADY_EXISTS")).kind).toBe("already");
    expect(classifyGoogleError(google(403, "PERMISSION_DENIED", "no access"))).toEqual({
      kind: "refused",
      message: "no access",
    });
    expect(classifyGoogleError(google(400, "INVALID_ARGUMENT")).kind).toBe("refused");
    expect(classifyGoogleError(google(404, "NOT_FOUND")).kind).toBe("refused");
    // Google's own outage: the client is told to try again in a few minutes.
    expect(classifyGoogleError(google(503, "UNAVAILABLE")).kind).toBe("unavailable");
    expect(classifyGoogleError({ status: 502, json: null }).kind).toBe("unavailable");
  });

  it("reads Google Ads failures: already-there codes, token codes and the Ads message", () => {
    const has = google(
      400,
      "INVALID_ARGUMENT",
      "Request contains an invalid argument.",
      adsFailure({ accessInvitationError: "EMAIL_ADDRESS_ALREADY_HAS_ACCESS" }),
    );
    expect(readGoogleError(has).adsCodes).toEqual(["accessInvitationError:EMAIL_ADDRESS_ALREADY_HAS_ACCESS"]);
    expect(classifyGoogleError(has).kind).toBe("already");
    expect(
      classifyGoogleError(
        google(400, "INVALID_ARGUMENT", "x", adsFailure({ managerLinkError: "ALREADY_MANAGED_BY_THIS_MANAGER" })),
      ).kind,
    ).toBe("already");
    expect(
      classifyGoogleError(
        google(
          400,
          "INVALID_ARGUMENT",
          "x",
          adsFailure({ managerLinkError: "TOO_MANY_MANAGERS" }, "Client is already linked to too many managers."),
        ),
      ),
    ).toEqual({
      kind: "refused",
      message: "Client is already linked to too many managers.",
    });
    expect(
      classifyGoogleError(
        google(401, "UNAUTHENTICATED", "x", adsFailure({ authenticationError: "OAUTH_TOKEN_EXPIRED" })),
      ).kind,
    ).toBe("reauth");
    // A bad developer token is this installation's configuration, not the client's sign-in.
    expect(
      classifyGoogleError(
        google(401, "UNAUTHENTICATED", "x", adsFailure({ authenticationError: "DEVELOPER_TOKEN_INVALID" })),
      ).kind,
    ).toBe("server");
  });

  it("retries rate limits and temporary errors only", () => {
    expect(isGoogleRetryable(google(429, "RESOURCE_EXHAUSTED"))).toBe(true);
    expect(isGoogleRetryable(google(503, "UNAVAILABLE"))).toBe(true);
    expect(isGoogleRetryable(google(403, "RESOURCE_EXHAUSTED"))).toBe(true);
    expect(isGoogleRetryable(google(403, "PERMISSION_DENIED"))).toBe(false);
    expect(isGoogleRetryable(google(409, "ALREADY_EXISTS"))).toBe(false);
  });

  it("goes through the shared mapping like every platform: a 5xx is platform_unavailable, ours a server_error", () => {
    const failure = (res: { status: number; json: unknown }) =>
      new GoogleApiError({ ...classifyGoogleError(res), status: res.status });
    expect(assetFailure("Google", "p/1", failure(google(503, "UNAVAILABLE")))).toMatchObject({
      errorKind: "platform_unavailable",
    });
    expect(assetFailure("Google", "p/1", failure(google(403, "PERMISSION_DENIED", "No access to p/1.")))).toEqual({
      assetId: "p/1",
      ok: false,
      error: "No access to p/1.",
      errorKind: "platform_error",
    });
    expect(() => assetFailure("Google", "p/1", failure(google(401, "UNAUTHENTICATED")))).toThrow(
      expect.objectContaining({ kind: "reauth" }),
    );
    const badDeveloperToken = google(
      401,
      "UNAUTHENTICATED",
      "msg",
      adsFailure({ authenticationError: "DEVELOPER_TOKEN_INVALID" }),
    );
    expect(assetFailure("Google", "1", failure(badDeveloperToken)).errorKind).toBe("server_error");
    expect(toConnectorError("Google", failure(google(429, "RESOURCE_EXHAUSTED"))).kind).toBe("rate_limited");
  });
});

describe("Google Ads without a developer token", () => {
  it("a missing developer-token is this installation's setup (Cloud-managed access not in place), never the client's refusal", () => {
    const missing = google(
      400,
      "INVALID_ARGUMENT",
      "Request contains an invalid argument.",
      adsFailure(
        { requestError: "DEVELOPER_TOKEN_PARAMETER_MISSING" },
        "The developer-token parameter is required for all requests.",
      ),
    );
    const failure = classifyGoogleError(missing);
    expect(failure).toEqual({ kind: "server", message: NO_DEVELOPER_TOKEN_TEXT, setup: true });
    expect(assetFailure("Google", "1", new GoogleApiError({ ...failure, status: 400 })).errorKind).toBe("server_error");
  });
});
