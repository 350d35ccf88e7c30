import { describe, expect, it, vi } from "vitest";
import { dropGlobalSingleton, globalSingleton } from "@/lib/infra/global-singleton";

describe("globalSingleton", () => {
  it("creates the value once and returns the same one afterwards", () => {
    const create = vi.fn(() => new Map<string, number>());
    const a = globalSingleton("test-once", create);
    a.set("x", 1);
    expect(globalSingleton("test-once", create)).toBe(a);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("is shared by a second copy of the module, as when Next.js loads it twice", async () => {
    const first = globalSingleton("test-shared", () => ({ n: 1 }));
    vi.resetModules();
    const copy = await import("@/lib/infra/global-singleton");
    expect(copy.globalSingleton).not.toBe(globalSingleton);
    expect(copy.globalSingleton("test-shared", () => ({ n: 2 }))).toBe(first);
  });

  it("stores nothing when create throws, so the next call tries again", () => {
    expect(() =>
      globalSingleton("test-throws", () => {
        throw new Error("not yet");
      }),
    ).toThrow("not yet");
    expect(globalSingleton("test-throws", () => "second try")).toBe("second try");
  });

  it("drop returns the value and the next use creates a new one", () => {
    const first = globalSingleton("test-drop", () => ({ id: 1 }));
    expect(dropGlobalSingleton("test-drop")).toBe(first);
    expect(dropGlobalSingleton("test-drop")).toBeUndefined();
    expect(globalSingleton("test-drop", () => ({ id: 2 }))).toEqual({ id: 2 });
  });

  it("does not touch plain globalThis properties of the same name", () => {
    globalSingleton("test-names", () => 1);
    expect((globalThis as Record<string, unknown>)["test-names"]).toBeUndefined();
  });
});
