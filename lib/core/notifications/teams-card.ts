// The message a Microsoft Teams Workflows webhook takes: one Adaptive Card with the
// notification's line and a button to the dashboard. Pure.
//
// The shape is Microsoft's "Send Adaptive Cards using an Incoming Webhook":
// https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook
// (`type: "message"`, an `attachments` array whose item has `contentType`
// "application/vnd.microsoft.card.adaptive", `contentUrl: null` and the card as `content`; the
// message size limit is 28 KB; Action.OpenUrl is supported, Action.Submit is not). Workflows take
// Adaptive Cards only, not the retired connectors' MessageCard:
// https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using
// The card schema: https://adaptivecards.io/explorer/AdaptiveCard.html and
// https://learn.microsoft.com/adaptive-cards/schema-explorer/action-open-url

/** Teams refuses a message over 28 KB (add-incoming-webhook above); ours stay far below. */
export const TEAMS_MAX_MESSAGE_BYTES = 28 * 1024;
/** A notification's line is a sentence; a longer one (many services, long names) is cut. */
const MAX_TEXT_CHARS = 2_000;

export const ADAPTIVE_CARD_CONTENT_TYPE = "application/vnd.microsoft.card.adaptive";

export type TeamsMessagePayload = {
  type: "message";
  attachments: {
    contentType: typeof ADAPTIVE_CARD_CONTENT_TYPE;
    contentUrl: null;
    content: Record<string, unknown>;
  }[];
};

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The button's title: what the link opens. */
export function teamsButtonTitle(link: string): string {
  const path = (() => {
    try {
      return new URL(link).pathname;
    } catch {
      return "";
    }
  })();
  if (path.startsWith("/dashboard/requests/")) return "Open the request";
  if (path.startsWith("/dashboard/clients/")) return "Open the client";
  return "Open in the dashboard";
}

/**
 * One card: a bold heading, the line, and an Action.OpenUrl button. The line is a TextRun in a
 * RichTextBlock, which Adaptive Cards never read as Markdown
 * (https://learn.microsoft.com/adaptive-cards/authoring-cards/text-features): a client's name
 * such as "[Click](https://…)" shows as typed, never as a link. Version 1.4: RichTextBlock is
 * 1.2, and Teams renders cards up to 1.5.
 */
export function teamsMessage(opts: {
  heading: string;
  text: string;
  link: string;
  button?: string;
}): TeamsMessagePayload {
  return {
    type: "message",
    attachments: [
      {
        contentType: ADAPTIVE_CARD_CONTENT_TYPE,
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            {
              type: "RichTextBlock",
              inlines: [{ type: "TextRun", text: cut(opts.heading, 200), weight: "Bolder" }],
            },
            { type: "RichTextBlock", inlines: [{ type: "TextRun", text: cut(opts.text, MAX_TEXT_CHARS) }] },
          ],
          actions: [{ type: "Action.OpenUrl", title: opts.button ?? teamsButtonTitle(opts.link), url: opts.link }],
        },
      },
    ],
  };
}
