// Small things the dashboard says that once read as code or bad grammar: the timeline's
// "Details (1 events)", a refused reminder quoting an ISO timestamp, and "Cannot be checked
// automatically" printed twice in one row of the access panel.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RequestTimeline } from "@/components/requests/request-timeline";
import { reminderResult } from "@/components/requests/request-detail";
import { detailText } from "@/components/access-checks/access-panel";
import type { TDescribedTimelineEntry } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";

const entry = (id: string): TDescribedTimelineEntry => ({
  id,
  type: "request.created",
  createdAt: "2026-11-25T00:54:09.755Z",
  stateVersion: 1,
  status: "pending",
  service: null,
  actor: "api",
  text: "Access request created",
  tone: "neutral",
  technical: false,
});

const summary = (html: string) => /<summary[^>]*>(.*?)<\/summary>/.exec(html)?.[1]?.replace(/<!-- -->/g, "");

describe("the request timeline's details", () => {
  it("counts one event in the singular and more in the plural", () => {
    expect(summary(renderToStaticMarkup(createElement(RequestTimeline, { entries: [entry("a")] })))).toBe(
      "Details (1 event)",
    );
    expect(summary(renderToStaticMarkup(createElement(RequestTimeline, { entries: [entry("a"), entry("b")] })))).toBe(
      "Details (2 events)",
    );
  });
});

describe("a refused reminder", () => {
  it("names the last reminder's time as people read it, never as an ISO timestamp", () => {
    const res = reminderResult(
      {
        ok: false,
        code: "CONFLICT",
        error: "A reminder was sent less than an hour ago; wait an hour before sending another.",
        status: 409,
      },
      "2026-11-25T00:54:09.755Z",
    );
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error).toMatch(/^A reminder was sent at .*2026.*; wait an hour before sending another\.$/);
    expect(res.error).not.toMatch(/\d{4}-\d{2}-\d{2}T|\.\d{3}Z/);
  });
});

describe("the access panel's detail column", () => {
  it("gives only the reason beside the badge that already says it cannot be checked", () => {
    expect(detailText("Cannot be checked automatically: the agency account has no platform sign-in")).toBe(
      "The agency account has no platform sign-in",
    );
    expect(detailText(null)).toBe("—");
  });
});
