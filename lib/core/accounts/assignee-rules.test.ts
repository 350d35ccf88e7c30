import { describe, expect, it } from "vitest";
import {
  cappedRole,
  checkAssignees,
  defaultRole,
  manualAssignStep,
  readAssignees,
  ZSetAssigneesBody,
} from "@/lib/core/accounts/assignee-rules";
import { ApiError } from "@/lib/core/common/api-error";

const ana = { id: "30001", name: "Ana", kind: "business_user" as const, roles: { meta_ads: "admin" } };

describe("who receives newly shared assets", () => {
  it("defaults to the least privileged role of each service", () => {
    expect(defaultRole("meta_ads")).toBe("analyst");
    expect(defaultRole("meta_page")).toBe("analyst");
    expect(defaultRole("tiktok_ads")).toBe("analyst");
    expect(defaultRole("google_ads")).toBeNull();
  });

  it("never gives a person more than the agency's business received", () => {
    expect(cappedRole("meta_ads", "admin", "advertiser")).toBe("advertiser");
    expect(cappedRole("meta_ads", "analyst", "admin")).toBe("analyst");
    expect(cappedRole("meta_page", "editor", "moderator")).toBe("moderator");
    expect(cappedRole("tiktok_ads", "operator", "analyst")).toBe("analyst");
    expect(cappedRole("tiktok_ads", "operator", null)).toBe("operator");
  });

  it("refuses roles and services the account's platform does not have, naming the field", () => {
    const fieldOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return (err as ApiError).details;
      }
      return null;
    };
    expect(fieldOf(() => checkAssignees("meta", [{ ...ana, roles: { meta_ads: "owner" } }]))).toEqual([
      expect.objectContaining({ field: "assignees[0].roles.meta_ads" }),
    ]);
    expect(fieldOf(() => checkAssignees("meta", [{ ...ana, roles: { tiktok_ads: "admin" } }]))).toEqual([
      expect.objectContaining({ field: "assignees[0].roles.tiktok_ads" }),
    ]);
    expect(fieldOf(() => checkAssignees("meta", [ana, ana]))).toEqual([
      expect.objectContaining({ field: "assignees[1].id" }),
    ]);
    expect(fieldOf(() => checkAssignees("google", [ana]))).toEqual([
      expect.objectContaining({ field: "internalAccountId" }),
    ]);
    expect(checkAssignees("meta", [ana])).toEqual([ana]);
  });

  it("takes digits-only platform ids and reads a stored setting leniently", () => {
    expect(
      ZSetAssigneesBody.safeParse({ internalAccountId: "acc_1", assignees: [{ ...ana, id: "ana@x" }] }).success,
    ).toBe(false);
    expect(readAssignees([ana, { id: "x" }, null])).toEqual([ana]);
    expect(readAssignees(null)).toEqual([]);
  });

  it("says the manual step in words", () => {
    expect(
      manualAssignStep({
        serviceId: "meta_page",
        personName: "Ana",
        assetName: "Acme Page",
        assetId: "2001",
        roleName: "Moderator",
      }),
    ).toBe("Assign Ana to Acme Page (2001) as Moderator in Business Settings → Accounts → Pages.");
  });
});
