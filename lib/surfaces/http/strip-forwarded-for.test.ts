import { describe, it, expect } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { stripUntrustedForwardedFor } from "@/lib/surfaces/http/strip-forwarded-for";

describe("stripUntrustedForwardedFor", () => {
  it("drops a client-sent X-Forwarded-For before the app sees it", async () => {
    stripUntrustedForwardedFor(false);
    const server = http.createServer((req, res) => res.end(String(req.headers["x-forwarded-for"] ?? "none")));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(await res.text()).toBe("none");
    await new Promise((r) => server.close(r));
  });
});
