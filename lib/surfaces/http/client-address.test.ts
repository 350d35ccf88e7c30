import { describe, it, expect, beforeAll, afterAll } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TTrustProxy } from "@/lib/infra/env";
import { clientAddress } from "@/lib/surfaces/http/client-address";
import { installHttpHooks } from "@/lib/runtime/boot/http-hooks";

// A real server with the app's HTTP hooks: the socket peer (127.0.0.1, standing in for the
// proxy) is appended to whatever X-Forwarded-For the request carried.
describe("client address behind proxies (proxy-addr rule)", () => {
  let server: http.Server;
  let url: string;
  let trust: TTrustProxy = { kind: "none" };
  beforeAll(async () => {
    installHttpHooks();
    server = http.createServer((req, res) =>
      res.end(JSON.stringify({ xff: req.headers["x-forwarded-for"], client: clientAddress(req.headers, trust) })),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  async function ask(t: TTrustProxy, xff?: string) {
    trust = t;
    const res = await fetch(url, { headers: xff ? { "x-forwarded-for": xff } : {} });
    return (await res.json()) as { xff: string; client: string };
  }

  it("appends the socket peer to the received chain", async () => {
    expect((await ask({ kind: "none" }, "198.51.100.1")).xff).toBe("198.51.100.1, 127.0.0.1");
    expect((await ask({ kind: "none" })).xff).toBe("127.0.0.1");
  });

  it("trusting nobody, the client is the socket peer whatever the header says", async () => {
    expect((await ask({ kind: "none" }, "6.6.6.6")).client).toBe("127.0.0.1");
  });

  it("with one trusted hop, a forged first entry is ignored: the entry the proxy appended wins", async () => {
    // the client sent "6.6.6.6"; the proxy appended the address it saw, 203.0.113.5
    expect((await ask({ kind: "hops", hops: 1 }, "6.6.6.6, 203.0.113.5")).client).toBe("203.0.113.5");
    expect((await ask({ kind: "hops", hops: 1 }, "1.1.1.1, 6.6.6.6, 203.0.113.5")).client).toBe("203.0.113.5");
  });

  it("with a list of proxy addresses, walks from the right past the trusted ones only", async () => {
    const t: TTrustProxy = { kind: "addresses", addresses: ["loopback", "10.0.0.0/8"] };
    expect((await ask(t, "6.6.6.6, 203.0.113.5, 10.1.2.3")).client).toBe("203.0.113.5");
    expect((await ask(t, "6.6.6.6, 203.0.113.5")).client).toBe("203.0.113.5");
    // a peer that is not a listed proxy is the client itself
    expect(clientAddress(new Headers({ "x-forwarded-for": "6.6.6.6, 192.0.2.9" }), t)).toBe("192.0.2.9");
  });

  it("two trusted hops reach two entries back, never further", async () => {
    expect((await ask({ kind: "hops", hops: 2 }, "6.6.6.6, 203.0.113.5, 10.0.0.2")).client).toBe("203.0.113.5");
  });

  it("reads plain header records and answers null without any address", () => {
    expect(clientAddress({ "x-forwarded-for": ["6.6.6.6", "127.0.0.1"] }, { kind: "hops", hops: 1 })).toBe("6.6.6.6");
    expect(clientAddress({}, { kind: "none" })).toBeNull();
  });
});
