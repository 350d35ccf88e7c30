import { describe, expect, it } from "vitest";
import { planAssignments } from "@/lib/core/grants/assign-agency-people";

const ana = { id: "30001", name: "Ana", kind: "business_user" as const, roles: { meta_ads: "admin" } };

describe("planAssignments", () => {
  const services = [
    {
      serviceId: "meta_ads",
      grantedRole: "advertiser",
      assets: [{ id: "act_1", name: "Ads" }],
      accounts: [
        { internalAccountId: "acc_1", assignees: [ana, { ...ana, id: "30002", roles: { meta_page: "analyst" } }] },
      ],
    },
    {
      serviceId: "meta_catalog",
      grantedRole: "admin",
      assets: [{ id: "3001", name: "Catalog" }],
      accounts: [{ internalAccountId: "acc_1", assignees: [{ ...ana, roles: { meta_catalog: "admin" } }] }],
    },
  ];

  it("plans each configured person of each assignable service, capped", () => {
    expect(planAssignments({ platform: "meta", services })).toEqual([
      {
        internalAccountId: "acc_1",
        serviceId: "meta_ads",
        assetId: "act_1",
        assetName: "Ads",
        people: [{ id: "30001", name: "Ana", role: "advertiser" }],
      },
    ]);
  });

  it("plans nothing without people, granted assets or an assignable platform", () => {
    expect(planAssignments({ platform: "meta", services: [{ ...services[0]!, assets: [] }] })).toEqual([]);
    expect(
      planAssignments({
        platform: "meta",
        services: [{ ...services[0]!, accounts: [{ internalAccountId: "acc_1", assignees: [] }] }],
      }),
    ).toEqual([]);
    expect(planAssignments({ platform: "google", services })).toEqual([]);
  });
});
