// Table tests for checking and normalising a requested accessLevel.

import { describe, expect, it } from "vitest";
import { parseAccessLevel } from "@/lib/core/catalog/access-level";
import { getCatalogService, listCatalog, type CatalogService } from "@/lib/core/catalog/catalog";

function service(id: string): CatalogService {
  const s = getCatalogService(id);
  if (!s) throw new Error(`missing catalog service ${id}`);
  return s;
}

const metaAds = service("meta_ads");
const pixel = service("meta_pixel");
const gtm = service("google_tag_manager"); // roles: publish, approve, edit, read

describe("parseAccessLevel: accepted", () => {
  it.each([
    ["role-less, omitted", pixel, undefined, null, []],
    ["role-less, null", pixel, null, null, []],
    ["single role", metaAds, "advertiser", "advertiser", ["advertiser"]],
    ["read-only role", metaAds, "analyst", "analyst", ["analyst"]],
    ["multi-role, one value", gtm, "edit", "edit", ["edit"]],
    ["multi-role, list in catalog order", gtm, "[publish,approve]", "[publish,approve]", ["publish", "approve"]],
    ["multi-role, list reordered", gtm, "[read,publish]", "[publish,read]", ["publish", "read"]],
    ["multi-role, spaces trimmed", gtm, " [ approve , publish ] ", "[publish,approve]", ["publish", "approve"]],
    ["multi-role, one-item list", gtm, "[read]", "[read]", ["read"]],
    [
      "multi-role, every role",
      gtm,
      "[read,edit,approve,publish]",
      "[publish,approve,edit,read]",
      ["publish", "approve", "edit", "read"],
    ],
  ] as const)("%s", (_name, svc, input, value, roles) => {
    expect(parseAccessLevel(svc, input)).toEqual({ ok: true, value, roles: [...roles] });
  });

  it("accepts every role of every service", () => {
    for (const s of listCatalog()) {
      for (const r of s.roles) expect(parseAccessLevel(s, r.value)).toMatchObject({ ok: true, value: r.value });
    }
  });
});

describe("parseAccessLevel: refused", () => {
  it.each([
    ["role-less with a value", pixel, "admin", ["meta_pixel has no roles", "omit accessLevel"]],
    ["role-less with an empty string", pixel, "", ["no roles"]],
    [
      "missing on a service with roles",
      metaAds,
      undefined,
      ["accessLevel is required for meta_ads; one of: admin, advertiser, analyst"],
    ],
    ["null on a service with roles", metaAds, null, ["required for meta_ads"]],
    [
      "missing on a multi-role service",
      gtm,
      undefined,
      ["required for google_tag_manager", "publish, approve, edit, read", "bracketed list"],
    ],
    ["unknown role", metaAds, "owner", ['"owner"', "one of: admin, advertiser, analyst"]],
    ["wrong case", metaAds, "Admin", ['"Admin"', "one of: admin"]],
    ["surrounding spaces on a single value", metaAds, " admin", ["not a role of meta_ads"]],
    ["empty string", metaAds, "", ["not a role of meta_ads"]],
    ["a role of another service", metaAds, "publish", ["not a role of meta_ads"]],
    [
      "list on a single-role service",
      metaAds,
      "[admin]",
      ["meta_ads takes a single role", "one of: admin, advertiser, analyst"],
    ],
    [
      "comma list without brackets",
      gtm,
      "publish,approve",
      ['"publish,approve"', "one of: publish, approve, edit, read"],
    ],
    ["duplicate in list", gtm, "[publish,publish]", ['"publish" more than once']],
    ["duplicate after trimming", gtm, "[edit, edit ]", ['"edit" more than once']],
    ["unknown in list", gtm, "[publish,delete]", ['"delete"', "one of: publish, approve, edit, read"]],
    ["empty list", gtm, "[]", ["lists no roles", "publish, approve, edit, read"]],
    ["list of spaces", gtm, "[  ]", ["lists no roles"]],
    ["empty entry", gtm, "[publish,,read]", ["empty entry"]],
    ["trailing comma", gtm, "[publish,]", ["empty entry"]],
    ["unclosed list", gtm, "[publish,read", ["not a well-formed list"]],
    ["unopened list", gtm, "publish]", ["not a well-formed list"]],
    ["nested list", gtm, "[[publish]]", ['"[publish]"', "not a role of google_tag_manager"]],
  ] as const)("%s", (_name, svc, input, fragments) => {
    const result = parseAccessLevel(svc, input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const f of fragments) expect(result.message).toContain(f);
  });

  it("asks for accessLevel on every service with roles and refuses one on every role-less service", () => {
    for (const s of listCatalog()) {
      const result = parseAccessLevel(s, s.roles.length ? undefined : "anything");
      expect(result.ok).toBe(false);
    }
  });

  it("keeps messages short when the input is huge", () => {
    const result = parseAccessLevel(metaAds, "x".repeat(10_000));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.length).toBeLessThan(300);
  });
});
