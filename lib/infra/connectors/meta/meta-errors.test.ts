import { describe, expect, it } from "vitest";
import {
  classifyGraphError,
  isRetryableGraphResponse,
  MetaApiError,
  readGraphError,
  shownGraphMessage,
} from "@/lib/infra/connectors/meta/meta-errors";
import { assetFailure, attemptError, toConnectorError } from "@/lib/infra/connectors/platform-errors";

const res = (status: number, json: unknown) => ({ status, headers: {}, text: JSON.stringify(json), json });
const graph = (status: number, error: Record<string, unknown>) => readGraphError(res(status, { error }))!;

describe("Graph error mapping", () => {
  it("reads nothing from a success", () => {
    expect(readGraphError(res(200, { success: true }))).toBeNull();
  });

  it("an expired or revoked token asks for a new sign-in", () => {
    expect(classifyGraphError(graph(400, { code: 190, error_subcode: 463, message: "Session has expired" }))).toBe(
      "reauth",
    );
    expect(classifyGraphError(graph(400, { code: 102, message: "Session key invalid" }))).toBe("reauth");
  });

  it("throttling codes and business-use-case limits are retried", () => {
    for (const code of [4, 17, 32, 613, 80004, 80009]) {
      expect(classifyGraphError(graph(400, { code, message: "limit" }))).toBe("throttled");
      expect(isRetryableGraphResponse(res(400, { error: { code, message: "limit" } }))).toBe(true);
    }
  });

  it("5xx, transient errors and codes 1/2 are platform failures, retried", () => {
    expect(classifyGraphError(graph(500, { code: 1, message: "An unknown error occurred" }))).toBe("server");
    expect(classifyGraphError(graph(400, { code: 2, message: "Service temporarily unavailable" }))).toBe("server");
    expect(classifyGraphError(graph(400, { code: 100, is_transient: true, message: "x" }))).toBe("server");
    expect(isRetryableGraphResponse(res(503, "down"))).toBe(true);
  });

  it("permission and parameter errors are refusals of that one asset, not retried", () => {
    const err = graph(400, {
      code: 200,
      message: "(#200) Permissions error",
      error_user_msg: "You need admin access to this Page.",
    });
    expect(classifyGraphError(err)).toBe("refused");
    expect(isRetryableGraphResponse(res(400, { error: { code: 100, message: "Invalid parameter" } }))).toBe(false);
    expect(shownGraphMessage(err)).toBe("You need admin access to this Page.");
  });

  it("never shows a token that a message happens to contain", () => {
    const err = graph(400, { code: 100, message: "bad value EAAB-secret-token" });
    expect(shownGraphMessage(err, ["EAAB-secret-token"])).toBe("bad value [redacted]");
  });

  it("goes through the shared mapping like every platform: sign in again, limited, unavailable, refused", () => {
    expect(attemptError(new MetaApiError(graph(400, { code: 190, message: "expired" })))?.kind).toBe("reauth");
    expect(attemptError(new MetaApiError(graph(400, { code: 17, message: "limit" })))?.kind).toBe("rate_limited");
    expect(assetFailure("Meta", "act_1", new MetaApiError(graph(503, { code: 2, message: "down" })))).toMatchObject({
      ok: false,
      errorKind: "platform_unavailable",
    });
    expect(toConnectorError("Meta", new MetaApiError(graph(500, { message: "down" }))).kind).toBe("rate_limited");
    const refused = graph(400, { code: 200, message: "(#200) x", error_user_msg: "Ask the Page's admin." });
    expect(assetFailure("Meta", "act_1", new MetaApiError(refused))).toEqual({
      assetId: "act_1",
      ok: false,
      error: "Ask the Page's admin.",
      errorKind: "platform_error",
    });
    expect(new MetaApiError(graph(400, { message: "bad EAAB-t" }), ["EAAB-t"]).message).toBe("bad [redacted]");
  });
});
