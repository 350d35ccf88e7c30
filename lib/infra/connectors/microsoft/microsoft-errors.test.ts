import { describe, expect, it } from "vitest";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { microsoftError, microsoftRetryable } from "@/lib/infra/connectors/microsoft/microsoft-errors";

const res = (status: number, json: unknown): HttpResponse => ({
  status,
  headers: {},
  text: JSON.stringify(json),
  json,
});
const fault = (
  status: number,
  Code: number,
  ErrorCode: string,
  list: "Errors" | "OperationErrors" = "OperationErrors",
) =>
  res(status, { TrackingId: "t", Type: "ApiFault", [list]: [{ Code, ErrorCode, Message: `${ErrorCode} happened` }] });

describe("Microsoft Advertising error mapping", () => {
  it("reads both fault shapes and the OAuth error shape", () => {
    expect(microsoftError(fault(400, 106, "UserIsNotAuthorized", "Errors"))).toMatchObject({
      code: 106,
      errorCode: "UserIsNotAuthorized",
      message: "UserIsNotAuthorized happened",
    });
    expect(microsoftError(fault(400, 1041, "InvalidRoleId"))).toMatchObject({ code: 1041 });
    expect(microsoftError(res(400, { error: "invalid_grant", error_description: "AADSTS70008" }))).toMatchObject({
      code: null,
      errorCode: "invalid_grant",
      message: "AADSTS70008",
    });
    expect(microsoftError(res(502, null)).message).toBe("HTTP 502");
  });

  it("maps expired or invalid credentials to reauth, CallRateExceeded and an outlasting 5xx to rate_limited, the rest to platform_error", () => {
    expect(
      toConnectorError("Microsoft Advertising", microsoftError(fault(401, 109, "AuthenticationTokenExpired"))).kind,
    ).toBe("reauth");
    expect(toConnectorError("Microsoft Advertising", microsoftError(fault(400, 105, "InvalidCredentials"))).kind).toBe(
      "reauth",
    );
    expect(toConnectorError("Microsoft Advertising", microsoftError(fault(400, 117, "CallRateExceeded"))).kind).toBe(
      "rate_limited",
    );
    expect(toConnectorError("Microsoft Advertising", microsoftError(res(503, {}))).kind).toBe("rate_limited");
    const refused = toConnectorError("Microsoft Advertising", microsoftError(fault(400, 106, "UserIsNotAuthorized")));
    expect(refused.kind).toBe("platform_error");
    expect(refused.message).toBe("Microsoft Advertising refused the request: UserIsNotAuthorized happened");
  });

  it("retries 429, 5xx and CallRateExceeded, not other refusals", () => {
    expect(microsoftRetryable(res(429, {}))).toBe(true);
    expect(microsoftRetryable(res(500, {}))).toBe(true);
    expect(microsoftRetryable(fault(400, 117, "CallRateExceeded"))).toBe(true);
    expect(microsoftRetryable(fault(400, 106, "UserIsNotAuthorized"))).toBe(false);
  });
});
