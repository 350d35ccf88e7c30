import { describe, expect, it } from "vitest";
import { listPlatformServices } from "@/lib/core/catalog/catalog";
import { LINKEDIN_ROLE_MAP, linkedinRole } from "@/lib/infra/connectors/linkedin/linkedin-roles";
import { linkedinScopes } from "@/lib/infra/connectors/linkedin/linkedin-oauth";

describe("LinkedIn role mapping and scopes", () => {
  it("maps every catalog role of every LinkedIn service to a documented LinkedIn role", () => {
    for (const service of listPlatformServices("linkedin")) {
      expect(Object.keys(LINKEDIN_ROLE_MAP[service.id] ?? {}).sort()).toEqual(service.roles.map((r) => r.value).sort());
    }
    expect(linkedinRole("linkedin_ads", "account_manager")).toBe("ACCOUNT_MANAGER");
    expect(linkedinRole("linkedin_ads", "viewer")).toBe("VIEWER");
    expect(linkedinRole("linkedin_page", "super_admin")).toBe("ADMINISTRATOR");
    expect(linkedinRole("linkedin_page", "content_admin")).toBe("CONTENT_ADMINISTRATOR");
    expect(() => linkedinRole("linkedin_page", "viewer")).toThrow(/No LinkedIn role/);
  });

  it("asks only for the scopes of the requested services", () => {
    expect(linkedinScopes(["linkedin_ads"])).toEqual(["rw_ads"]);
    expect(linkedinScopes(["linkedin_page", "linkedin_ads"])).toEqual(["rw_organization_admin", "rw_ads"]);
    expect(linkedinScopes([])).toEqual(["openid", "profile", "email"]);
  });
});
