import { describe, expect, it } from "vitest";
import { collectStartupGarbage } from "@/lib/runtime/boot/collect-startup-garbage";

describe("collectStartupGarbage", () => {
  it("runs a full collection: an object only weakly held is gone afterwards", async () => {
    let target: object | null = { payload: new Array(1000).fill("x") };
    const ref = new WeakRef(target);
    target = null;
    // WeakRef targets survive until the current job ends
    await new Promise((r) => setTimeout(r, 0));
    expect(collectStartupGarbage()).toBe(true);
    expect(ref.deref()).toBeUndefined();
  });
});
