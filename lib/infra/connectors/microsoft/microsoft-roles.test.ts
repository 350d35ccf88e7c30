import { describe, expect, it } from "vitest";
import { listPlatformServices } from "@/lib/core/catalog/catalog";
import { MICROSOFT_ROLE_IDS, microsoftRoleId } from "@/lib/infra/connectors/microsoft/microsoft-roles";

describe("Microsoft Advertising role mapping", () => {
  it("maps every catalog role of microsoft_ads to a documented role id", () => {
    for (const service of listPlatformServices("microsoft")) {
      expect(Object.keys(MICROSOFT_ROLE_IDS).sort()).toEqual(service.roles.map((r) => r.value).sort());
    }
    expect(microsoftRoleId("super_admin")).toBe(41);
    expect(microsoftRoleId("standard")).toBe(203);
    expect(microsoftRoleId("campaign_manager")).toBe(16);
    expect(microsoftRoleId("viewer")).toBe(100);
    expect(() => microsoftRoleId("admin")).toThrow(/No Microsoft Advertising role/);
    expect(() => microsoftRoleId(null)).toThrow(/No Microsoft Advertising role/);
  });
});
