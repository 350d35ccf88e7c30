import { describe, expect, it } from "vitest";
import { listPlatformServices } from "@/lib/core/catalog/catalog";
import { SNAPCHAT_ROLE_MAP, snapchatRole } from "@/lib/infra/connectors/snapchat/snapchat-roles";
import { snapchatError, SnapchatApiError, toConnectorError } from "@/lib/infra/connectors/snapchat/snapchat-errors";
import { entities } from "@/lib/infra/connectors/snapchat/snapchat-api";

describe("Snapchat roles, envelope and errors", () => {
  it("maps every catalog role to a documented ad account role type", () => {
    for (const service of listPlatformServices("snapchat")) {
      expect(Object.keys(SNAPCHAT_ROLE_MAP[service.id] ?? {}).sort()).toEqual(service.roles.map((r) => r.value).sort());
    }
    expect(snapchatRole("snapchat_ads", "account_manager")).toBe("general");
    expect(snapchatRole("snapchat_ads", "creative_manager")).toBe("creative");
    expect(snapchatRole("snapchat_ads", "reports")).toBe("reports");
    expect(() => snapchatRole("snapchat_ads", "admin")).toThrow(/No Snapchat role/);
  });

  it("unwraps Snap's entity envelope and reads its error body", () => {
    expect(entities({ adaccounts: [{ sub_request_status: "SUCCESS", adaccount: { id: "a1" } }, { sub_request_status: "ERROR" }] }, "adaccounts", "adaccount")).toEqual([
      { id: "a1" },
    ]);
    const err = snapchatError({
      status: 403,
      headers: {},
      text: "",
      json: { request_status: "ERROR", debug_message: "internal", display_message: "No access to this ad account", error_code: "E3001" },
    });
    expect(err).toMatchObject({ status: 403, code: "E3001", message: "No access to this ad account" });
    const kind = (status: number) => toConnectorError(new SnapchatApiError(status, "m", null)).kind;
    expect(kind(401)).toBe("reauth");
    expect(kind(429)).toBe("rate_limited");
    expect(kind(500)).toBe("server_error");
    expect(kind(403)).toBe("platform_error");
  });
});
