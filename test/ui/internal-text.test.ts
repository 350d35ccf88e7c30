// Words for people where the pages showed stored values: the service picker names an
// account without its `acc_` id, and the Mailbox says what each email is and where it
// stands ("Email address check", "Kept here (no mail server)"), never "verify email",
// "invite" or "stored".
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ServiceAccounts } from "@/components/services/service-accounts";
import { MailboxPanel } from "@/components/mailbox/mailbox-panel";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";

const account: SerializedAccount = {
  internalAccountId: "acc_9f8e7d6c5b4a",
  platform: "google",
  displayName: "Northwind Google",
  email: "ads@northwind.test",
  platformAccountId: null,
  business: null,
  services: ["google_ads"],
  status: "connected",
  linkedAt: "2026-11-01T10:00:00.000Z",
};

describe("internal text stays off the screen", () => {
  it("the service picker names an account without its acc_ id", () => {
    const html = renderToStaticMarkup(
      createElement(ServiceAccounts, {
        service: getCatalogService("google_ads")!,
        platformName: "Google",
        accounts: [account],
        links: [],
        onChange: () => undefined,
      }),
    );
    expect(html).toContain("Northwind Google");
    expect(html).not.toMatch(/>[^<]*acc_9f8e7d6c5b4a/);
  });

  it("the Mailbox says what each email is and its status in words", () => {
    const email = (kind: string, status: string) => ({
      id: `${kind}-${status}`,
      kind,
      to: "owner@agency.test",
      subject: `Subject of ${kind}`,
      status,
      requestId: null,
      createdAt: "2026-11-01T10:00:00.000Z",
      sentAt: null,
    });
    const html = renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(MailboxPanel, {
          initialPage: { data: [email("verify_email", "stored"), email("invite", "sent")], nextCursor: null },
        }),
      ),
    );
    expect(html).toContain("Email address check");
    expect(html).toContain("Access request");
    expect(html).toContain("Kept here (no mail server)");
    expect(html).not.toMatch(/>\s*(verify email|invite|stored)\s*</);
  });
});
