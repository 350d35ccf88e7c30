import { describe, expect, it } from "vitest";
import { validateWebhookUrl } from "@/lib/infra/delivery/webhook-url";
import { webhookUrlMessage } from "@/lib/surfaces/dashboard/webhook-url-message";

// the rule's real refusals, so a change of wording there shows up here
async function refusal(url: string): Promise<string> {
  const r = await validateWebhookUrl(url, { allowLoopback: false, resolve: async () => ["127.0.0.1"] });
  if (r.ok) throw new Error(`${url} was accepted`);
  return r.message;
}

describe("webhookUrlMessage", () => {
  it("explains the loopback rule for development on http, ports and local addresses", async () => {
    for (const url of [
      "http://localhost:3000/hook",
      "https://example.com:8443/hook",
      "https://dev-box.internal/hook",
    ]) {
      const text = webhookUrlMessage(await refusal(url))!;
      expect(text).toContain("WEBHOOK_ALLOW_LOOPBACK=1");
      expect(text).not.toMatch(/^url /);
    }
  });

  it("names a reserved name (.example, .test, .invalid, .localhost) as never receiving webhooks", async () => {
    expect(webhookUrlMessage(await refusal("https://webhooks.demo-agency.example/in"))).toMatch(
      /under \.example are reserved/,
    );
    expect(webhookUrlMessage(await refusal("https://a.b.localhost/in"))).toMatch(/under \.localhost are reserved/);
  });

  it("says what to type for a malformed URL and keeps unknown messages", async () => {
    expect(webhookUrlMessage(await refusal("not a url"))).toBe(
      "Enter a full URL, such as https://example.com/webhooks/access.",
    );
    expect(webhookUrlMessage("Something else.")).toBe("Something else.");
    expect(webhookUrlMessage(undefined)).toBeUndefined();
  });
});
