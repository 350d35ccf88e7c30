import { describe, expect, it } from "vitest";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { readEnvelope, TikTokApiError, tiktokRetryIf } from "@/lib/infra/connectors/tiktok/tiktok-errors";

const res = (status: number, json: unknown): HttpResponse => ({
  status,
  headers: {},
  text: JSON.stringify(json),
  json,
});
const envelope = (code: number, message = "m") => ({ code, message, request_id: "r-1", data: {} });

describe("TikTok envelope and error codes", () => {
  it("returns data for code 0 and throws TikTok's code and message otherwise, even on HTTP 200", () => {
    expect(readEnvelope(res(200, { code: 0, message: "OK", request_id: "r", data: { list: [1] } }))).toEqual({
      list: [1],
    });
    const err = (() => {
      try {
        readEnvelope(res(200, envelope(40001, "No permission")));
      } catch (e) {
        return e as TikTokApiError;
      }
    })();
    expect(err).toBeInstanceOf(TikTokApiError);
    expect(err).toMatchObject({ code: 40001, message: "No permission", requestId: "r-1", httpStatus: 200 });
    // A gateway 5xx without the envelope is TikTok's outage; another answer without it is ours to log.
    expect(() => readEnvelope(res(502, null))).toThrow(TikTokApiError);
    expect(() => readEnvelope(res(200, null))).toThrow(ConnectorError);
  });

  it("retries 429/5xx, the rate-limit code and system codes, nothing else", () => {
    expect(tiktokRetryIf(res(200, envelope(40100)))).toBe(true);
    expect(tiktokRetryIf(res(200, envelope(50000)))).toBe(true);
    expect(tiktokRetryIf(res(503, null))).toBe(true);
    expect(tiktokRetryIf(res(200, envelope(0)))).toBe(false);
    expect(tiktokRetryIf(res(200, envelope(40105)))).toBe(false);
    expect(tiktokRetryIf(res(200, envelope(40001)))).toBe(false);
  });

  it("maps token codes to reauth, 40100 and system codes (TikTok's outage) to rate_limited, the rest to platform_error", () => {
    const kind = (code: number, status = 200) =>
      toConnectorError("TikTok", new TikTokApiError(code, "x", null, status)).kind;
    expect([40102, 40104, 40105].map((c) => kind(c))).toEqual(["reauth", "reauth", "reauth"]);
    expect(kind(40100)).toBe("rate_limited");
    expect(kind(50002)).toBe("rate_limited");
    expect(kind(40002)).toBe("platform_error");
    expect(toConnectorError("TikTok", new TikTokApiError(40001, "No permission", null, 200)).message).toBe(
      "TikTok refused the request: No permission",
    );
  });
});
