import { describe, expect, it } from "vitest";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";
import { listPlatformServices } from "@/lib/core/catalog/catalog";
import { PINTEREST_ROLE_MAP, pinterestPermission } from "@/lib/infra/connectors/pinterest/pinterest-roles";
import { pinterestScopes } from "@/lib/infra/connectors/pinterest/pinterest-oauth";
import { pinterestError, PinterestApiError } from "@/lib/infra/connectors/pinterest/pinterest-errors";

describe("Pinterest permissions, scopes and errors", () => {
  it("maps every catalog role to a documented Pinterest permission", () => {
    for (const service of listPlatformServices("pinterest")) {
      expect(Object.keys(PINTEREST_ROLE_MAP[service.id] ?? {}).sort()).toEqual(
        service.roles.map((r) => r.value).sort(),
      );
    }
    expect(pinterestPermission("pinterest_ads", "admin")).toBe("ADMIN");
    expect(pinterestPermission("pinterest_ads", "campaign_manager")).toBe("CAMPAIGN_MANAGER");
    expect(pinterestPermission("pinterest_ads", "analyst")).toBe("ANALYST");
    expect(() => pinterestPermission("pinterest_ads", "billing")).toThrow(/No Pinterest permission/);
  });

  it("asks only for the scopes of the requested services", () => {
    expect(pinterestScopes(["pinterest_ads"])).toEqual(["ads:read", "biz_access:read", "biz_access:write"]);
    expect(pinterestScopes([])).toEqual(["user_accounts:read", "biz_access:read", "biz_access:write"]);
  });

  it("reads Pinterest's error body and maps statuses to connector errors", () => {
    expect(
      pinterestError({ status: 403, headers: {}, text: "", json: { code: 3, message: "Not authorized" } }),
    ).toMatchObject({ status: 403, code: 3, message: "Not authorized" });
    expect(pinterestError({ status: 502, headers: {}, text: "", json: null }).message).toBe("HTTP 502");
    const kind = (status: number) => toConnectorError("Pinterest", new PinterestApiError(status, "m", null)).kind;
    expect(kind(401)).toBe("reauth");
    expect(kind(429)).toBe("rate_limited");
    expect(kind(503)).toBe("rate_limited");
    expect(kind(404)).toBe("platform_error");
  });
});
