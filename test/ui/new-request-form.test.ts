// The New request form as first rendered: "Email the link to the client" is on (an owner
// who creates a request expects the client to hear of it), and a refused create's errors
// are gathered beside the button, announced and focusable.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { NewRequestForm } from "@/components/requests/new-request-form";
import { ErrorSummary } from "@/components/ui/error-summary";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => undefined, refresh: () => undefined }) }));

const unused = async () => ({ ok: false as const, error: "not used", code: "X", status: 400 });

describe("New request", () => {
  it("emails the link to the client by default", () => {
    const html = renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(NewRequestForm, {
          accounts: [],
          intakeAvailable: false,
          initialClient: null,
          createClient: unused as never,
          createRequest: unused as never,
          previewRequest: unused as never,
        }),
      ),
    );
    expect(html).toMatch(/<input[^>]*id="sendEmail"[^>]*checked=""/);
  });

  it("a refused create's summary is an alert that can take the focus, listing each error once", () => {
    const html = renderToStaticMarkup(
      createElement(ErrorSummary, {
        errors: {
          "requestedServices.google_ads.requestedAccountLinks": "Connect a Google account first.",
          "requestedServices.meta_ads.requestedAccountLinks": "Connect a Google account first.",
          redirectUrl: "Enter a full web address, starting with https://.",
        },
        title: "The request was not created.",
        attempt: 1,
      }),
    );
    expect(html).toMatch(/role="alert"/);
    expect(html).toMatch(/tabindex="-1"/);
    expect(html.match(/Connect a Google account first\./g)).toHaveLength(1);
    expect(html).toContain("Enter a full web address");
    expect(renderToStaticMarkup(createElement(ErrorSummary, { errors: {}, title: "x", attempt: 0 }))).toBe("");
  });
});
