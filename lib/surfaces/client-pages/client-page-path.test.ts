// The client-page path the proxy hands to the root layout for `<html lang>`.
import { describe, expect, it } from "vitest";
import { isClientPagePath, parseClientPagePath } from "@/lib/surfaces/client-pages/client-page-path";

describe("client page paths", () => {
  it("recognises the invite, embed and static link pages only", () => {
    expect(parseClientPagePath("/i/abc")).toEqual({ surface: "invite", token: "abc" });
    expect(parseClientPagePath("/embed/abc/?notice=granted")).toEqual({ surface: "embed", token: "abc" });
    expect(parseClientPagePath("/l/xyz?lang=nl")).toEqual({ surface: "static", token: "xyz", lang: "nl" });
    expect(parseClientPagePath("/l/xyz")).toEqual({ surface: "static", token: "xyz", lang: null });
    expect(parseClientPagePath("/r/abc")).toEqual({ surface: "removal", token: "abc" });
    // the client's own access page speaks the invite link's language
    expect(parseClientPagePath("/i/abc/access")).toEqual({ surface: "invite", token: "abc" });
    // a removal receipt speaks its client's language
    expect(parseClientPagePath("/receipts/K7QF-2M9X")).toEqual({ surface: "receipt", token: "K7QF-2M9X" });
    for (const other of [null, "", "/dashboard/team", "/i/", "/i/a/b", "/r/a/access", "/join/abc", "/i/%E0%A4%A"])
      expect(parseClientPagePath(other), String(other)).toBeNull();
    expect(isClientPagePath("/i/abc")).toBe(true);
    expect(isClientPagePath("/dashboard")).toBe(false);
  });
});
