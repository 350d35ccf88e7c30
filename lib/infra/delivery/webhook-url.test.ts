import { describe, expect, it, vi } from "vitest";
import {
  MAX_WEBHOOK_URL_LENGTH,
  checkDestination,
  validateWebhookUrl,
  type HostResolver,
  type ValidateWebhookUrlOptions,
} from "@/lib/infra/delivery/webhook-url";

// A fake DNS: only the names listed resolve; nothing here touches the network.
function stubResolver(records: Record<string, string[]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const found = records[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found;
  };
  return Object.assign(resolve, { calls });
}

const dns = stubResolver({
  "hooks.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "internal.example.com": ["10.0.0.5"],
  "metadata.example.com": ["169.254.169.254"],
  "mixed.example.com": ["93.184.215.14", "192.168.1.10"],
  "mapped.example.com": ["::ffff:a9fe:a9fe"],
  localhost: ["127.0.0.1", "::1"],
  "dev.example.com": ["127.0.0.1"],
  "empty.example.com": [],
});

const strict = { allowLoopback: false, resolve: dns };
const loose = { allowLoopback: true, resolve: dns };

async function expectRefused(url: string, options: ValidateWebhookUrlOptions, pattern: RegExp) {
  const result = await validateWebhookUrl(url, options);
  expect(result.ok, url).toBe(false);
  if (!result.ok) expect(result.message).toMatch(pattern);
}

describe("validateWebhookUrl", () => {
  it("accepts https on 443 resolving to public addresses", async () => {
    const result = await validateWebhookUrl("https://hooks.example.com/webhooks/in?x=1", strict);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.url.href).toBe("https://hooks.example.com/webhooks/in?x=1");
  });

  it("accepts an explicit :443", async () => {
    expect((await validateWebhookUrl("https://hooks.example.com:443/in", strict)).ok).toBe(true);
  });

  it("accepts a public IP literal without asking DNS", async () => {
    const resolve = vi.fn(dns);
    expect((await validateWebhookUrl("https://8.8.8.8/in", { allowLoopback: false, resolve })).ok).toBe(true);
    expect((await validateWebhookUrl("https://[2001:4860:4860::8888]/in", { allowLoopback: false, resolve })).ok).toBe(
      true,
    );
    expect(resolve).not.toHaveBeenCalled();
  });

  it("refuses what is not an absolute URL", async () => {
    for (const url of ["", "hooks.example.com/in", "/relative", "https://", "not a url"]) {
      await expectRefused(url, strict, /absolute URL|host/);
    }
  });

  it("refuses URLs over 2048 characters", async () => {
    const base = "https://hooks.example.com/";
    const exact = base + "a".repeat(MAX_WEBHOOK_URL_LENGTH - base.length);
    expect((await validateWebhookUrl(exact, strict)).ok).toBe(true);
    await expectRefused(`${exact}a`, strict, /2048/);
  });

  it("refuses schemes other than https", async () => {
    await expectRefused("http://hooks.example.com/in", strict, /https/);
    await expectRefused("ftp://hooks.example.com/in", strict, /https/);
    await expectRefused("javascript:alert(1)", strict, /https/);
  });

  it("refuses other ports, naming the port", async () => {
    await expectRefused("https://hooks.example.com:8443/in", strict, /port 8443/);
    await expectRefused("https://hooks.example.com:80/in", strict, /port 80\b/);
  });

  it("refuses credentials in the URL", async () => {
    await expectRefused("https://user:pass@hooks.example.com/in", strict, /user name or password/);
    await expectRefused("https://user@hooks.example.com/in", strict, /user name or password/);
  });

  it("refuses a name resolving to a private address", async () => {
    await expectRefused("https://internal.example.com/in", strict, /public addresses.*10\.0\.0\.5/);
    await expectRefused("https://metadata.example.com/in", strict, /169\.254\.169\.254/);
    await expectRefused("https://mapped.example.com/in", strict, /::ffff:a9fe:a9fe/);
  });

  it("refuses a name with one public and one private record", async () => {
    await expectRefused("https://mixed.example.com/in", strict, /192\.168\.1\.10/);
  });

  it("refuses a name that does not resolve", async () => {
    await expectRefused("https://nowhere.example.com/in", strict, /does not resolve/);
    await expectRefused("https://empty.example.com/in", strict, /does not resolve/);
  });

  it("refuses forbidden IP literals in any spelling", async () => {
    for (const url of [
      "https://127.0.0.1/in",
      "https://2130706433/in",
      "https://0177.0.0.1/in",
      "https://0x7f.1/in",
      "https://127.1/in",
      "https://10.0.0.1/in",
      "https://[::1]/in",
      "https://[::ffff:a9fe:a9fe]/in",
      "https://[fd00::1]/in",
      "https://169.254.169.254/latest/meta-data/",
    ]) {
      await expectRefused(url, strict, /address not allowed/);
    }
  });

  it("checks again on every call: public at creation, private at delivery", async () => {
    let calls = 0;
    const rebinding: HostResolver = async () => (++calls === 1 ? ["93.184.215.14"] : ["10.0.0.7"]);
    const options = { allowLoopback: false, resolve: rebinding };
    expect((await validateWebhookUrl("https://rebind.example.com/in", options)).ok).toBe(true);
    await expectRefused("https://rebind.example.com/in", options, /10\.0\.0\.7/);
  });

  it("does not ask DNS when scheme or port already decide", async () => {
    const resolve = vi.fn(dns);
    await validateWebhookUrl("http://hooks.example.com/in", { allowLoopback: false, resolve });
    await validateWebhookUrl("https://hooks.example.com:8443/in", { allowLoopback: false, resolve });
    expect(resolve).not.toHaveBeenCalled();
  });

  it("passes the bare host name to the resolver", async () => {
    const resolve = vi.fn(dns);
    await validateWebhookUrl("https://HOOKS.Example.com/in", { allowLoopback: false, resolve });
    expect(resolve).toHaveBeenCalledWith("hooks.example.com");
  });

  it("refuses reserved names (.example, .test, .invalid, .localhost) before any lookup", async () => {
    for (const [url, name] of [
      ["https://webhooks.demo-agency.example/access-events", ".example"],
      ["https://hooks.test/in", ".test"],
      ["https://HOOKS.Invalid./in", ".invalid"],
      ["https://app.localhost/in", ".localhost"],
    ] as const) {
      const resolve = vi.fn(dns);
      const result = await validateWebhookUrl(url, { allowLoopback: false, resolve });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(new RegExp(`^url host .* reserved name \\${name}`));
      expect(resolve).not.toHaveBeenCalled();
    }
    // under the loopback switch plain localhost stays usable, its subdomains do not
    expect((await validateWebhookUrl("https://app.localhost/in", loose)).ok).toBe(false);
  });

  describe("with allowLoopback (development and tests)", () => {
    it("allows http and any port when every address is loopback", async () => {
      expect((await validateWebhookUrl("http://127.0.0.1:4010/hook", loose)).ok).toBe(true);
      expect((await validateWebhookUrl("http://[::1]:4010/hook", loose)).ok).toBe(true);
      expect((await validateWebhookUrl("http://localhost:3000/hook", loose)).ok).toBe(true);
      expect((await validateWebhookUrl("https://dev.example.com:8443/hook", loose)).ok).toBe(true);
      expect((await validateWebhookUrl("https://127.0.0.1/hook", loose)).ok).toBe(true);
    });

    it("keeps the https/443 rule for public hosts", async () => {
      expect((await validateWebhookUrl("https://hooks.example.com/in", loose)).ok).toBe(true);
      await expectRefused("http://hooks.example.com/in", loose, /https/);
      await expectRefused("https://hooks.example.com:8443/in", loose, /port 8443/);
      await expectRefused("http://8.8.8.8:8080/in", loose, /https/);
    });

    it("still refuses private, link-local and mixed destinations", async () => {
      await expectRefused("https://internal.example.com/in", loose, /10\.0\.0\.5/);
      await expectRefused("http://10.0.0.1:8080/in", loose, /10\.0\.0\.1/);
      await expectRefused("http://169.254.169.254/latest/meta-data/", loose, /169\.254\.169\.254/);
      await expectRefused("https://[::ffff:a9fe:a9fe]/", loose, /address not allowed/);
    });

    it("still refuses credentials and unparseable URLs", async () => {
      await expectRefused("http://a:b@127.0.0.1:4010/hook", loose, /user name or password/);
      await expectRefused("127.0.0.1:4010", loose, /https|absolute/);
    });
  });
});

describe("checkDestination", () => {
  it("judges the addresses first, then scheme and port", () => {
    const url = new URL("http://127.0.0.1:4010/hook");
    expect(checkDestination(url, ["127.0.0.1"], false)).toBe("address not allowed: 127.0.0.1");
    expect(checkDestination(url, ["127.0.0.1"], true)).toBeNull();
    expect(checkDestination(new URL("http://x.test/"), ["127.0.0.1", "8.8.8.8"], true)).toMatch(/https/);
    expect(checkDestination(new URL("https://x.test/"), [], false)).toMatch(/does not resolve/);
    expect(checkDestination(new URL("https://x.test/"), ["8.8.8.8", "10.1.1.1"], false)).toBe(
      "address not allowed: 10.1.1.1",
    );
  });
});
