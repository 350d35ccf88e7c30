import { describe, expect, it } from "vitest";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { isLimiterRefusal } from "@/lib/infra/rate-limit/rate-limit";

describe("a limiter's refusal", () => {
  it("is recognised by its shape, also when it comes from another copy of the library", async () => {
    const limiter = new RateLimiterMemory({ points: 1, duration: 60 });
    await limiter.consume("k");
    const refusal: unknown = await limiter.consume("k").catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(RateLimiterRes);
    expect(isLimiterRefusal(refusal)).toBe(true);
    // what another server bundle's copy of the class throws: the same fields, another class
    class OtherBundlesRes {
      msBeforeNext = 1500;
      remainingPoints = 0;
      consumedPoints = 2;
      isFirstInDuration = false;
    }
    const foreign = new OtherBundlesRes();
    expect(foreign instanceof RateLimiterRes).toBe(false);
    expect(isLimiterRefusal(foreign)).toBe(true);
  });

  it("is not a store's error or anything else thrown", () => {
    expect(isLimiterRefusal(new Error("connection refused"))).toBe(false);
    expect(
      isLimiterRefusal(Object.assign(new Error("x"), { msBeforeNext: 1, remainingPoints: 0, consumedPoints: 1 })),
    ).toBe(false);
    expect(isLimiterRefusal(null)).toBe(false);
    expect(isLimiterRefusal({ msBeforeNext: 1 })).toBe(false);
  });
});
