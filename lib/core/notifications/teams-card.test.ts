// The Teams message: Microsoft's documented shape, the button's title from what it opens,
// text never read as Markdown, and a line too long for a card cut to fit.
import { describe, expect, it } from "vitest";
import {
  ADAPTIVE_CARD_CONTENT_TYPE,
  TEAMS_MAX_MESSAGE_BYTES,
  teamsButtonTitle,
  teamsMessage,
} from "@/lib/core/notifications/teams-card";

describe("teamsMessage", () => {
  it("is one Adaptive Card attachment with the line and an Action.OpenUrl button", () => {
    const m = teamsMessage({
      heading: "Acme",
      text: "Ana granted Meta Ads",
      link: "https://app.test/dashboard/requests/r1",
    });
    expect(m.type).toBe("message");
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0]).toMatchObject({ contentType: ADAPTIVE_CARD_CONTENT_TYPE, contentUrl: null });
    const card = m.attachments[0]!.content;
    expect(card).toMatchObject({ type: "AdaptiveCard", version: "1.4" });
    expect(card.actions).toEqual([
      { type: "Action.OpenUrl", title: "Open the request", url: "https://app.test/dashboard/requests/r1" },
    ]);
    // RichTextBlock/TextRun: never Markdown, so a name like "[x](https://…)" stays text
    expect(card.body).toEqual([
      { type: "RichTextBlock", inlines: [{ type: "TextRun", text: "Acme", weight: "Bolder" }] },
      { type: "RichTextBlock", inlines: [{ type: "TextRun", text: "Ana granted Meta Ads" }] },
    ]);
    expect(JSON.stringify(card)).not.toContain('"TextBlock"');
  });

  it("names the button after what it opens", () => {
    expect(teamsButtonTitle("https://app.test/dashboard/requests/abc")).toBe("Open the request");
    expect(teamsButtonTitle("https://app.test/dashboard/clients/abc")).toBe("Open the client");
    expect(teamsButtonTitle("https://app.test/dashboard/access-alerts/1")).toBe("Open in the dashboard");
    expect(teamsButtonTitle("not a url")).toBe("Open in the dashboard");
  });

  it("cuts a very long line so the message stays under Teams' 28 KB", () => {
    const m = teamsMessage({
      heading: "A".repeat(5_000),
      text: "€".repeat(50_000),
      link: "https://app.test/dashboard",
    });
    expect(Buffer.byteLength(JSON.stringify(m))).toBeLessThan(TEAMS_MAX_MESSAGE_BYTES);
    const text = JSON.stringify(m.attachments[0]!.content.body);
    expect(text).toContain("…");
  });
});
