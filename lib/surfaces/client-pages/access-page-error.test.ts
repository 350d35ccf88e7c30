import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/common/api-error";
import { setLogDestination } from "@/lib/infra/log";
import { accessErrorMessage, toAccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import { accessFormRoute } from "@/lib/surfaces/client-pages/access-http";

// what the PostgreSQL driver throws while the database restarts
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("the database not answering on the client pages", () => {
  it("is try_again (503, Retry-After), not our generic failure", () => {
    setLogDestination({ write: () => {} });
    try {
      for (const err of [
        refused(),
        new ApiError("SERVICE_UNAVAILABLE", "down", [], { "Retry-After": "5" }),
        Object.assign(new Error("Transaction API error"), { code: "P2028" }),
      ]) {
        const e = toAccessPageError(err);
        expect(e.code).toBe("try_again");
        expect(e.status).toBe(503);
        expect(e.extra.retryAfterSeconds).toBeGreaterThan(0);
      }
      expect(toAccessPageError(new Error("a bug")).code).toBe("generic");
      expect(toAccessPageError(new ApiError("VALIDATION_FAILED", "x")).code).toBe("invalid_input");
    } finally {
      setLogDestination(null);
    }
  });

  it("says so in the client's language, and answers a script 503 with Retry-After", async () => {
    expect(accessErrorMessage("en", "try_again")).toMatch(/couldn't save this just now; please try again in a moment/);
    expect(accessErrorMessage("es", "try_again")).toMatch(/inténtalo de nuevo en un momento/);
    expect(accessErrorMessage("nl", "try_again")).toMatch(/probeer het over een moment opnieuw/);
    const post = accessFormRoute<{ token: string }>(
      { rateKey: (p) => `db-down-${p.token}`, back: (p) => `/i/${p.token}` },
      async () => {
        throw refused();
      },
    );
    setLogDestination({ write: () => {} });
    try {
      const req = (accept: string) =>
        new Request("http://app.test/api/access/tok/intake", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept, "accept-language": "es" },
          body: "q.a=hola",
        });
      const json = await post(req("application/json"), { params: Promise.resolve({ token: "tok" }) });
      expect(json.status).toBe(503);
      expect(Number(json.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await json.json()).toMatchObject({
        ok: false,
        error: { code: "try_again", message: expect.stringMatching(/inténtalo de nuevo en un momento/) },
      });
      // a plain form goes back to its page, which shows the message; the enhanced form keeps what was typed
      const plain = await post(req("text/html"), { params: Promise.resolve({ token: "tok" }) });
      expect(plain.status).toBe(303);
      expect(plain.headers.get("location")).toContain("error=try_again");
      expect(Number(plain.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      setLogDestination(null);
    }
  });
});
