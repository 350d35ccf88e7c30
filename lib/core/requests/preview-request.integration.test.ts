// "Preview as client" of a request the client has half done: the preview page starts where
// the request stands (1 of 2 done, the granted service shown granted), not at "0 of 2",
// records nothing, and another agency's request cannot be previewed.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { previewRequest } from "@/lib/core/requests/preview-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";
import { seedAccessAgency, seedAccessRequest } from "@/test/support/access-fixtures";

describe("previewRequest", () => {
  it("shows the client's page as it stands: a half-done request is not 0 of 2 done", async () => {
    const agency = await seedAccessAgency(["meta", "google"]);
    const { requestId, clientId } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "advertiser" },
      google_ads: { accessLevel: "standard" },
    });
    await applyRequestAction({
      agencyId: agency.agencyId,
      requestId,
      action: { kind: "grant", serviceId: "meta_ads" },
    });
    const db = await getDb();
    const eventsBefore = await db.event.count({ where: { agencyId: agency.agencyId } });

    const body = ZCreateRequestBody.parse({
      clientId,
      requestedServices: {
        meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta! }] },
        google_ads: {
          accessLevel: "standard",
          requestedAccountLinks: [{ internalAccountId: agency.accounts.google! }],
        },
      },
    });
    const preview = await previewRequest({ agencyId: agency.agencyId, requestId, input: body });
    const token = preview.inviteUrl.split("/").at(-1)!;
    const view = await loadAccessPage({ token });
    expect(view?.preview).toBe(true);
    expect(view?.progress).toEqual({ done: 1, total: 2 });
    expect(view?.status).toBe("in_progress");
    const services = view!.platforms.flatMap((p) => p.services);
    expect(services.find((s) => s.serviceId === "meta_ads")?.status).toBe("granted");
    expect(services.find((s) => s.serviceId === "google_ads")?.status).toBe("pending");
    // a preview records nothing and is never listed
    expect(await db.event.count({ where: { agencyId: agency.agencyId } })).toBe(eventsBefore);

    const other = await seedAccessAgency(["meta"]);
    await expect(previewRequest({ agencyId: other.agencyId, requestId, input: body })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("refuses a cancelled request, saying why: its link shows no page", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const { requestId, clientId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    await applyRequestAction({ agencyId: agency.agencyId, requestId, action: { kind: "cancel" } });
    const body = ZCreateRequestBody.parse({
      clientId,
      requestedServices: {
        meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta! }] },
      },
    });
    const db = await getDb();
    const before = await db.accessRequest.count({ where: { agencyId: agency.agencyId } });
    await expect(previewRequest({ agencyId: agency.agencyId, requestId, input: body })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/was cancelled: its link no longer works/),
    });
    expect(await db.accessRequest.count({ where: { agencyId: agency.agencyId } })).toBe(before);
  });
});
