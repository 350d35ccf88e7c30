// The service picker's "accounts that get access" with no connected account on the platform:
// a service whose client steps name the agency's account (a manual service with such steps,
// Snapchat Ads) says it needs one, since the request is refused without it; a one-click
// service says only that the client is not told which account to add.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ServiceAccounts } from "@/components/services/service-accounts";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { getCatalogService } from "@/lib/core/catalog/catalog";

function render(
  serviceId: string,
  platformName: string,
  accounts: SerializedAccount[] = [],
  links: { internalAccountId: string; businessManagerId?: string }[] = [],
): string {
  return renderToStaticMarkup(
    createElement(ServiceAccounts, {
      service: getCatalogService(serviceId)!,
      platformName,
      accounts,
      links,
      onChange: () => undefined,
    }),
  );
}

const metaAccount = (business: SerializedAccount["business"]) =>
  ({
    internalAccountId: "acc-meta",
    platform: "meta",
    displayName: "Agency Meta",
    email: null,
    business,
  }) as unknown as SerializedAccount;

describe("no connected account for a service", () => {
  it("says a service whose steps name the agency's account needs one", () => {
    expect(render("snapchat_ads", "Snapchat")).toContain(
      "No connected Snapchat account: this service needs one, since the client&#x27;s steps name it.",
    );
    expect(render("meta_instagram", "Meta")).toContain(
      "No connected Meta account: this service needs one with a Business ID, since the client&#x27;s steps enter it.",
    );
  });

  it("says a Meta instructions service needs the account's Business ID, until it has one or the link gives it", () => {
    const note = "This account has no Business ID, which the client&#x27;s steps enter";
    expect(render("meta_instagram", "Meta", [metaAccount(null)])).toContain(note);
    expect(render("meta_instagram", "Meta", [metaAccount({ id: "1234", name: "Agency" })])).not.toContain(note);
    expect(
      render(
        "meta_instagram",
        "Meta",
        [metaAccount(null)],
        [{ internalAccountId: "acc-meta", businessManagerId: "99" }],
      ),
    ).not.toContain(note);
    // a one-click Meta service is granted to the business by the connector: no note
    expect(render("meta_ads", "Meta", [metaAccount(null)])).not.toContain(note);
  });

  it("says only what the client is not told for a one-click service", () => {
    expect(render("meta_ads", "Meta")).toContain(
      "No connected Meta account: the client is not told which account to add.",
    );
  });
});
