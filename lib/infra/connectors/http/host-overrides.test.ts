import { describe, expect, it } from "vitest";
import {
  applyHostOverride,
  describeHostOverrides,
  parseHostOverrides,
} from "@/lib/infra/connectors/http/host-overrides";

describe("PLATFORM_HOST_OVERRIDES", () => {
  it("parses pairs and rewrites the origin, keeping path and query", () => {
    const o = parseHostOverrides("graph.facebook.com=http://127.0.0.1:4100, www.facebook.com=http://127.0.0.1:4101");
    expect(
      applyHostOverride("https://graph.facebook.com/v23.0/me/businesses?fields=id,name&after=x", o).toString(),
    ).toBe("http://127.0.0.1:4100/v23.0/me/businesses?fields=id,name&after=x");
    expect(applyHostOverride("https://www.facebook.com/v23.0/dialog/oauth?client_id=1", o).toString()).toBe(
      "http://127.0.0.1:4101/v23.0/dialog/oauth?client_id=1",
    );
    expect(describeHostOverrides(o)).toEqual([
      "graph.facebook.com -> http://127.0.0.1:4100",
      "www.facebook.com -> http://127.0.0.1:4101",
    ]);
  });

  it("leaves hosts that are not listed alone", () => {
    const o = parseHostOverrides("graph.facebook.com=http://127.0.0.1:4100");
    expect(applyHostOverride("https://oauth2.googleapis.com/token", o).toString()).toBe(
      "https://oauth2.googleapis.com/token",
    );
    expect(parseHostOverrides(undefined).size).toBe(0);
    expect(parseHostOverrides("").size).toBe(0);
  });

  it("refuses pairs that are not host=origin", () => {
    expect(() => parseHostOverrides("graph.facebook.com")).toThrow(/host=origin/);
    expect(() => parseHostOverrides("graph.facebook.com=ftp://x")).toThrow(/http\(s\) origin/);
    expect(() => parseHostOverrides("graph.facebook.com=http://127.0.0.1:4100/path")).toThrow(/without a path/);
    expect(() => parseHostOverrides("bad host=http://127.0.0.1")).toThrow(/not a host name/);
  });
});
