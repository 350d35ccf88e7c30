import { describe, expect, expectTypeOf, it } from "vitest";
import { ApiError } from "@/lib/core/common/api-error";
import { readRouteParams, type RouteParams } from "@/lib/surfaces/http/route-params";

const ID = "0b7c4a52-6a4e-4c3b-9d35-2f0f6c1e8a11";
const route = (params: Record<string, string | string[]>) => ({ params: Promise.resolve(params) });

describe("readRouteParams", () => {
  it("hands on declared uuid parameters, typed as present", async () => {
    const params = await readRouteParams(route({ id: ID }), ["id"]);
    expect(params.id).toBe(ID);
    expectTypeOf(params.id).toEqualTypeOf<string>();
    // a name not declared may be absent
    expectTypeOf(params.other).toEqualTypeOf<string | undefined>();
  });

  it("answers 404 (not 400 or 500) for a malformed or missing uuid", async () => {
    const cases: Record<string, string>[] = [{ id: "not-a-uuid" }, { id: `${ID}x` }, {}];
    for (const params of cases) {
      const err = await readRouteParams(route(params), ["id"]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe("NOT_FOUND");
    }
  });

  it("joins catch-all segments and accepts routes without params", async () => {
    expect(await readRouteParams(route({ path: ["a", "b"] }))).toEqual({ path: "a/b" });
    expect(await readRouteParams(undefined)).toEqual({});
  });

  it("types only the declared names as present", () => {
    expectTypeOf<RouteParams<"id">["id"]>().toEqualTypeOf<string>();
    expectTypeOf<RouteParams<never>["id"]>().toEqualTypeOf<string | undefined>();
  });
});
