// Removal receipts on a real database with the sandbox platforms: the agency's offboarding
// removes Meta (read again: confirmed), Google (this installation's Google offers no read:
// removed but not confirmable, saying so) and TikTok (the platform refuses: failed, with its
// answer and the step by hand). The receipt row, the email in the client's language, the
// audit entry, `access.removed` naming the receipt with each asset's confirmation, the
// timeline's link, and the code checked on the receipt and check pages (typed leniently;
// a malformed code is refused naming the field, an unknown one is not found).
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import CheckReceiptPage from "@/app/(client)/receipts/page";
import ReceiptPageRoute from "@/app/(client)/receipts/[code]/page";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { defaultConnectorFor, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { confirmChecklistRemoval, removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { listReceipts } from "@/lib/core/removal-receipts/removal-receipt";
import { sandboxAgencyToken } from "@/lib/infra/connectors/sandbox-connector";
import { getDb } from "@/lib/infra/db/db";
import { describeEvent } from "@/lib/surfaces/dashboard/describe-event";
import { lookUpReceipt } from "@/lib/surfaces/client-pages/receipts/load-receipt-page";
import { startApiServer } from "@/test/support/api-server";
import { eventsOf, seedAccessRequest, type TestAgency } from "@/test/support/access-fixtures";

let close: () => Promise<void>;
beforeAll(async () => {
  close = (await startApiServer()).close;
});
afterAll(async () => close?.());

/** Google as a platform with a removal call and no read of granted access. */
const connectorFor: ConnectorFor = (platform) => {
  const c = defaultConnectorFor(platform);
  if (!c || platform !== "google") return c;
  return { ...c, verifyAccess: undefined };
};

async function seedAgency(): Promise<TestAgency> {
  const agency = await createAgency({ name: "Acme Growth", plan: "agency" });
  const accounts: Record<string, string> = {};
  for (const platform of ["meta", "google", "tiktok"])
    accounts[platform] = (
      await connectAccount({
        agencyId: agency.id,
        platform,
        email: `${platform}-ops@agency.test`,
        accessToken: sandboxAgencyToken(platform),
      })
    ).internalAccountId;
  return { agencyId: agency.id, accounts };
}

async function grantedClient(agency: TestAgency, language: "Dutch" | "Spanish") {
  const seeded = await seedAccessRequest(
    agency,
    {
      meta_ads: { accessLevel: "advertiser" },
      google_analytics: { accessLevel: "viewer" },
      tiktok_ads: { accessLevel: "analyst" },
    },
    { language },
  );
  const grant = (serviceId: string, n: number, accessLevel: string) =>
    applyRequestAction({
      agencyId: agency.agencyId,
      requestId: seeded.requestId,
      action: { kind: "grant", serviceId },
      grantedAssets: [{ id: `${serviceId}_100${n}`, name: `Acme ${serviceId}`, accessLevel }],
    });
  await grant("meta_ads", 1, "advertiser");
  await grant("google_analytics", 1, "viewer");
  // the sandbox refuses to remove asset 3
  await grant("tiktok_ads", 3, "analyst");
  return seeded;
}

const render = async (el: Promise<Parameters<typeof renderToStaticMarkup>[0]>) => renderToStaticMarkup(await el);

describe("removal receipts", () => {
  it("records confirmed, not confirmable and failed per asset, emails the client and names the receipt everywhere", async () => {
    const agency = await seedAgency();
    const { clientId, requestId } = await grantedClient(agency, "Dutch");
    const outcome = await removeClientAccess({
      agencyId: agency.agencyId,
      clientId,
      removedBy: "owner@agency.test",
      connectorFor,
    });
    const receipt = outcome.receipt!;
    expect(receipt.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    expect(outcome.removed.map((r) => r.serviceId).sort()).toEqual(["google_analytics", "meta_ads"]);
    expect(outcome.failed.map((r) => r.serviceId)).toEqual(["tiktok_ads"]);

    const db = await getDb();
    const row = await db.removalReceipt.findUniqueOrThrow({ where: { code: receipt.code } });
    expect(row).toMatchObject({ agencyId: agency.agencyId, clientId, removedBy: "owner@agency.test" });
    expect(row.emailedTo).toBe("ana@client.test");
    const items = row.items as {
      serviceId: string;
      outcome: string;
      reason: string | null;
      manualStep: string | null;
    }[];
    const byService = Object.fromEntries(items.map((i) => [i.serviceId, i]));
    expect(byService.meta_ads).toMatchObject({ outcome: "confirmed", reason: null, manualStep: null });
    expect(byService.google_analytics).toMatchObject({ outcome: "unconfirmable", reason: "no_read" });
    expect(byService.tiktok_ads!.outcome).toBe("failed");
    expect(byService.tiktok_ads!.manualStep).toContain("tiktok-ops@agency.test");

    // the access that stays is still listed; the removed is not
    const tiktok = await db.requestService.findFirstOrThrow({ where: { requestId, serviceId: "tiktok_ads" } });
    expect(tiktok.accessRemovedAt).toBeNull();

    // emailed in the client's language, with the code and the link
    const mail = await db.email.findFirstOrThrow({ where: { agencyId: agency.agencyId, kind: "removal_receipt" } });
    expect(mail.to).toBe("ana@client.test");
    expect(mail.subject).toBe("Bewijs: de toegang van Acme Growth is ingetrokken");
    expect(mail.text).toContain(`Verificatiecode: ${receipt.code}`);
    expect(mail.text).toContain(receipt.url);
    expect(mail.text).toContain("Bevestigd door het platform: 1. Ingetrokken maar niet te bevestigen: 1.");

    // the audit log and the events name it
    const audit = await db.auditEntry.findFirstOrThrow({
      where: { agencyId: agency.agencyId, action: "access.removal_receipt" },
    });
    expect(audit.changes).toMatchObject({ receipt: receipt.code, confirmed: 1, unconfirmable: 1, failed: 1 });
    const removed = (await eventsOf(requestId)).filter((e) => e.type === "access.removed");
    expect(removed).toHaveLength(3);
    for (const e of removed) expect(e.data.receipt).toEqual(receipt);
    const metaEvent = removed.find((e) => (e.data.service as { service: string }).service === "meta_ads")!;
    expect(metaEvent.data.assets).toEqual([
      expect.objectContaining({ id: "meta_ads_1001", removed: true, confirmation: "confirmed" }),
    ]);
    const stored = (await db.event.findMany({ where: { requestId, type: "access.removed" } })).find((e) =>
      e.body.includes('"service":{"service":"meta_ads"'),
    )!;
    const described = describeEvent("access.removed", stored.body, "Ana Client", {});
    expect(described.text).toBe(
      "owner@agency.test removed access to Meta Ad Account · 1 asset confirmed by the platform",
    );
    expect(described.link).toEqual({ href: receipt.url, label: `Receipt ${receipt.code}` });
    expect((await listReceipts({ agencyId: agency.agencyId, clientId }))[0]).toMatchObject({
      code: receipt.code,
      confirmed: 1,
      unconfirmable: 1,
      failed: 1,
    });

    // checked with the code, typed in lower case with spaces
    const found = await lookUpReceipt(` ${receipt.code.toLowerCase().replace(/-/g, " ")} `);
    if (found.kind !== "found") throw new Error(found.kind);
    expect(found.page.locale).toBe("nl");
    const lines = Object.fromEntries(found.page.lines.map((l) => [l.platform, l]));
    expect(lines.google!.note).toBe("Google biedt geen manier om toegang terug te lezen.");
    expect(lines.tiktok!.platformAnswer).toMatch(/cannot remove access/);
    expect(lines.tiktok!.note).toContain("verwijder tiktok-ops@agency.test");
    const html = await render(ReceiptPageRoute({ params: Promise.resolve({ code: receipt.code }) }));
    expect(html).toContain("Bewijs van intrekking");
    expect(html).toContain(receipt.code);
    expect(html).toContain("Ingetrokken, bevestigd door het platform");
    expect(html).toContain("Ingetrokken, niet te bevestigen");
    expect(html).toContain("Niet ingetrokken");
    expect(html).not.toContain("owner@agency.test");
  });

  it("refuses a malformed code naming the field, finds no unknown one, and shows a valid one on the check page", async () => {
    expect((await lookUpReceipt("nope")).kind).toBe("invalid");
    expect((await lookUpReceipt("0000-0000-0000-0000-0000")).kind).toBe("unknown");
    const page = (code: string) => render(CheckReceiptPage({ searchParams: Promise.resolve({ code, lang: "es" }) }));
    const bad = await page("abc");
    expect(bad).toContain("El código de verificación tiene 20 letras y cifras");
    expect(bad).toContain('aria-invalid="true"');
    expect(bad).toContain('for="code"');
    expect(await page("0000-0000-0000-0000-0000")).toContain("Ningún justificante tiene este código");

    const agency = await seedAgency();
    const { clientId } = await grantedClient(agency, "Spanish");
    // the team removed everything by hand: read again where the platform can be read
    const { receipt } = await confirmChecklistRemoval({
      agencyId: agency.agencyId,
      clientId,
      removedBy: "owner@agency.test",
      connectorFor,
    });
    const ok = await page(receipt!.code);
    expect(ok).toContain("Justificante válido, emitido en esta instalación para Acme Growth.");
    expect(ok).toContain(receipt!.code);
    const found = await lookUpReceipt(receipt!.code);
    if (found.kind !== "found") throw new Error(found.kind);
    // Meta's and TikTok's sandbox reads still list the agency (nobody removed it there): not removed
    expect(Object.fromEntries(found.page.lines.map((l) => [l.platform, l.outcome]))).toEqual({
      meta: "failed",
      google: "unconfirmable",
      tiktok: "confirmed",
    });
  });
});
