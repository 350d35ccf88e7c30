import { describe, expect, it } from "vitest";
import { sessionServices } from "@/lib/core/grants/grant-session";
import { signInServices, type SignInCandidate } from "@/lib/surfaces/client-pages/sign-in-services";

const svc = (serviceId: string, platform: string, status = "pending", oneClick = true): SignInCandidate => ({
  serviceId,
  platform,
  status,
  oneClick,
});

describe("signInServices", () => {
  const services = [
    svc("meta_ads", "meta"),
    svc("google_ads", "google"),
    svc("meta_page", "meta"),
    svc("meta_pixel", "meta", "granted"),
    svc("meta_catalog", "meta", "skipped"),
    svc("meta_business_manager", "meta", "pending", false),
    svc("google_analytics", "google"),
  ];

  it("covers every pending one-click service of the platform, the starting one first", () => {
    expect(signInServices(services, "meta_page")).toEqual(["meta_page", "meta_ads"]);
    expect(signInServices(services, "google_ads")).toEqual(["google_ads", "google_analytics"]);
  });

  it("leaves out granted, skipped and non-one-click services and other platforms", () => {
    expect(signInServices(services, "meta_ads")).not.toContain("meta_pixel");
    expect(signInServices(services, "meta_ads")).not.toContain("meta_catalog");
    expect(signInServices(services, "meta_ads")).not.toContain("meta_business_manager");
    expect(signInServices(services, "meta_ads")).not.toContain("google_ads");
  });

  it("is the one service when it is the only one pending on its platform", () => {
    expect(signInServices([svc("meta_ads", "meta"), svc("meta_page", "meta", "granted")], "meta_ads")).toEqual([
      "meta_ads",
    ]);
  });

  it("leaves out a service the link may not act on (handed to a colleague), and never starts on one", () => {
    const handed = [svc("google_analytics", "google"), { ...svc("google_tag_manager", "google"), owned: false }];
    expect(signInServices(handed, "google_analytics")).toEqual(["google_analytics"]);
    expect(signInServices(handed, "google_tag_manager")).toEqual([]);
  });

  it("is empty when the starting service cannot be granted now", () => {
    expect(signInServices(services, "meta_pixel")).toEqual([]);
    expect(signInServices(services, "meta_business_manager")).toEqual([]);
    expect(signInServices(services, "nope")).toEqual([]);
  });
});

describe("sessionServices", () => {
  it("reads the stored list, or the one service of an older session", () => {
    expect(sessionServices({ serviceId: "meta_ads", serviceIds: ["meta_ads", "meta_page"] })).toEqual([
      "meta_ads",
      "meta_page",
    ]);
    expect(sessionServices({ serviceId: "meta_ads", serviceIds: [] })).toEqual(["meta_ads"]);
    expect(sessionServices({ serviceId: "meta_ads", serviceIds: null })).toEqual(["meta_ads"]);
  });
});
