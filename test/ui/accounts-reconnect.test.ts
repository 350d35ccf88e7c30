// The connected accounts page marks an account whose stored sign-in expired or was revoked
// (the access checks flag it) with "Sign-in expired", and offers a member who may change
// accounts a Reconnect link to the platform's sign-in where the platform is live. Where the
// platform is in the sandbox there is nothing to sign in to, and a read-only member gets
// the mark without the link.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { AccountsPanel, type AccountActions } from "@/components/accounts/accounts-panel";
import type { ConnectModes } from "@/components/accounts/connect-account-form";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import type { AccountHealth } from "@/lib/core/accounts/check-agency-tokens";

const account = (id: string, platform: string, email: string): SerializedAccount => ({
  internalAccountId: id,
  platform,
  displayName: `Northwind ${platform}`,
  email,
  platformAccountId: null,
  business: null,
  services: platform === "meta" ? ["meta_ads"] : ["google_ads"],
  status: "connected",
  linkedAt: "2026-11-01T10:00:00.000Z",
});

const accounts = [
  account("acc_meta", "meta", "meta@northwind.test"),
  account("acc_google", "google", "g@northwind.test"),
];
const actions: AccountActions = {
  connect: async () => ({ ok: false, error: "not used", code: "X" }) as never,
  disconnect: async () => ({ ok: false, error: "not used", code: "X" }) as never,
};

function render(opts: {
  canWrite: boolean;
  modes: ConnectModes;
  needsReconnect: string[];
  health?: AccountHealth[];
}): string {
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(AccountsPanel, { initialAccounts: accounts, actions, ...opts }),
    ),
  );
}

/** The table row of one account, by its email. */
function rowOf(html: string, email: string): string {
  const rows = html.split("<tr").filter((r) => r.includes(email));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("Reconnect on the connected accounts page", () => {
  it("marks the expired account and links a writer to the live platform's sign-in", () => {
    const html = render({ canWrite: true, modes: { meta: "live", google: "live" }, needsReconnect: ["acc_meta"] });
    const meta = rowOf(html, "meta@northwind.test");
    expect(meta).toContain("Sign-in expired");
    expect(meta).toMatch(/<a href="\/api\/dashboard\/accounts\/connect\/meta"[^>]*>Reconnect<\/a>/);
    const google = rowOf(html, "g@northwind.test");
    expect(google).not.toContain("Sign-in expired");
    expect(google).not.toContain("Reconnect");
  });

  it("shows the mark without a link in the sandbox and to a read-only member", () => {
    const sandbox = rowOf(
      render({ canWrite: true, modes: { meta: "sandbox", google: "live" }, needsReconnect: ["acc_meta"] }),
      "meta@northwind.test",
    );
    expect(sandbox).toContain("Sign-in expired");
    expect(sandbox).not.toContain("Reconnect");
    const readOnly = rowOf(
      render({ canWrite: false, modes: { meta: "live", google: "live" }, needsReconnect: ["acc_meta"] }),
      "meta@northwind.test",
    );
    expect(readOnly).toContain("Sign-in expired");
    expect(readOnly).not.toContain("Reconnect");
  });

  it("shows each sign-in's health: renewal, last renewed, expiries, and why it must be reconnected", () => {
    const health: AccountHealth[] = [
      {
        internalAccountId: "acc_google",
        signedIn: true,
        renews: true,
        tokenExpiresAt: "2026-11-28T13:00:00.000Z",
        refreshTokenExpiresAt: "2027-02-26T12:00:00.000Z",
        tokenRefreshedAt: "2026-11-28T12:00:00.000Z",
        reconnect: null,
      },
      {
        internalAccountId: "acc_meta",
        signedIn: true,
        renews: false,
        tokenExpiresAt: "2027-01-27T12:00:00.000Z",
        refreshTokenExpiresAt: null,
        tokenRefreshedAt: null,
        reconnect: { since: "2026-11-28T12:00:00.000Z", reason: "Meta says the sign-in was revoked" },
      },
    ];
    const html = render({
      canWrite: true,
      modes: { meta: "live", google: "live" },
      needsReconnect: ["acc_meta"],
      health,
    });
    const google = rowOf(html, "g@northwind.test");
    expect(google).toContain("Renews itself</dt><dd>Yes");
    expect(google).toContain("Last renewed");
    expect(google).toContain("Access token until");
    expect(google).toContain("Renewal until");
    expect(google).not.toContain("Sign-in expired");
    const meta = rowOf(html, "meta@northwind.test");
    expect(meta).toContain("Meta says the sign-in was revoked");
    expect(meta).toContain("Renews itself</dt><dd>No: reconnect when it expires");
    expect(meta).toContain("Last renewed</dt><dd>Not yet");
    expect(meta).not.toContain("Renewal until");
  });
});
