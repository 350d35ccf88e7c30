import { describe, expect, it } from "vitest";
import { listPlatformServices } from "@/lib/core/catalog/catalog";
import { ConnectorError } from "@/lib/infra/connectors/connector";
import { TIKTOK_ROLE_MAP, tiktokRole } from "@/lib/infra/connectors/tiktok/tiktok-roles";

describe("TikTok role mapping", () => {
  it("maps every catalog role of every TikTok service to a documented TikTok role", () => {
    for (const service of listPlatformServices("tiktok")) {
      expect(Object.keys(TIKTOK_ROLE_MAP[service.id] ?? {}).sort()).toEqual(service.roles.map((r) => r.value).sort());
    }
    expect(tiktokRole("tiktok_ads", "admin")).toBe("ADMIN");
    expect(tiktokRole("tiktok_ads", "operator")).toBe("OPERATOR");
    expect(tiktokRole("tiktok_ads", "analyst")).toBe("ANALYST");
    expect(tiktokRole("tiktok_business_center", "admin")).toBe("ADMIN");
    expect(tiktokRole("tiktok_business_center", "standard")).toBe("STANDARD");
  });

  it("refuses a role outside the table as our own error", () => {
    expect(() => tiktokRole("tiktok_ads", "standard")).toThrow(ConnectorError);
    expect(() => tiktokRole("tiktok_ads", null)).toThrow(/No TikTok role/);
    expect(() => tiktokRole("meta_ads", "admin")).toThrow(/no service/);
  });
});
