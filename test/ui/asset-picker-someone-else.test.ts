// The asset picker after a platform sign-in: an asset the platform lists but the client may not
// share (a Snapchat organization where they are not an admin) is shown disabled with the reason
// in the client's language, and "Someone else manages this?" is offered beside it; with every
// asset shareable the picker offers no hand-over.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AssetPicker } from "@/components/client-pages/asset-picker";
import type { Asset } from "@/lib/infra/connectors/connector";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";

function render(assets: Asset[], locale: Locale = "en"): string {
  return renderToStaticMarkup(
    createElement(AssetPicker, {
      locale,
      token: "tok",
      serviceId: "snapchat_ads",
      platformName: "Snapchat",
      agencyName: "Agency",
      sessionId: "s1",
      sections: [{ serviceId: "snapchat_ads", serviceName: "Snapchat Ads", roleLine: null, assets }],
      backHref: "/i/tok",
      forward: createElement("div", { "data-testid": "someone-else" }, "Someone else manages this?"),
    }),
  );
}

describe("the asset picker with an asset the client may not share", () => {
  it("disables it with the reason, in each language, and offers Someone else manages this?", () => {
    for (const locale of ["en", "es", "nl"] as const) {
      const html = render(
        [
          { id: "ad1", name: "Acme Snap Ads" },
          { id: "ad3", name: "Acme EU Snaps", notGrantable: "needs_org_admin" },
        ],
        locale,
      );
      const input = (id: string) => html.match(new RegExp(`<input[^>]*value="${id}"[^>]*>`))![0];
      expect(input("ad3")).toContain('disabled=""');
      expect(input("ad1")).not.toContain("disabled");
      expect(html).toContain(t(locale, "assets.needs_org_admin").replaceAll("'", "&#x27;"));
      expect(html).toContain('data-testid="someone-else"');
    }
    expect(t("es", "assets.needs_org_admin")).not.toBe(t("en", "assets.needs_org_admin"));
  });

  it("offers no hand-over when every asset can be shared", () => {
    expect(render([{ id: "ad1", name: "Acme Snap Ads" }])).not.toContain('data-testid="someone-else"');
  });
});
