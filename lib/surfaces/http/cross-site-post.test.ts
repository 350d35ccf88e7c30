// proxy.ts refuses a POST to a page from another site with 403 in any form:
// a server action with its Next-Action header, and one posted as a plain multipart or
// urlencoded form without it, which Next.js would otherwise answer with a 500. The route
// handlers under /api keep answering their own posts.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";

const post = (path: string, headers: Record<string, string>, body: BodyInit = "x=1") =>
  proxy(
    new NextRequest(`http://localhost:3999${path}`, {
      method: "POST",
      headers: { host: "localhost:3999", ...headers },
      body,
    }),
  );

describe("cross-site posts to pages", () => {
  it("answers 403 to a plain multipart form posted from another site, without a Next-Action header", async () => {
    const form = new FormData();
    form.set(`$ACTION_ID_${"0".repeat(40)}`, "");
    const res = await post("/dashboard/clients", { origin: "http://evil.example" }, form);
    expect(res.status).toBe(403);
  });

  it.each([
    [
      "an urlencoded form from another origin",
      { origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
    ],
    ["a sandboxed form (Origin: null)", { origin: "null", "content-type": "application/x-www-form-urlencoded" }],
    [
      "a cross-site post without Origin",
      { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
    ],
    ["a server action from another origin", { origin: "http://evil.example", "next-action": "0".repeat(40) }],
  ])("answers 403 to %s", async (_name, headers) => {
    expect((await post("/dashboard/webhooks", headers)).status).toBe(403);
  });

  it("lets the app's own posts through", async () => {
    const action = { origin: "http://localhost:3999", "next-action": "0".repeat(40) };
    expect((await post("/dashboard/clients", action, '["x=1"]')).status).toBe(200);
    expect((await post("/dashboard/clients", { "sec-fetch-site": "same-origin" })).status).toBe(200);
    // the client pages' form posts and next-auth answer their own posts
    expect((await post("/api/access/static/some-token", { origin: "http://evil.example" })).status).toBe(200);
  });

  it("answers a server action's body that is not JSON with 400 and one over the limit with 413", async () => {
    const action = { origin: "http://localhost:3999", "next-action": "0".repeat(40) };
    const malformed = await post("/dashboard/clients", action, '[{"name": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    const large = await post("/dashboard/clients", action, JSON.stringify(["x".repeat(1024 * 1024)]));
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
  });
});
