// The dashboard's request editor against a real database: editing an open request keeps
// the progress of unchanged services; "Ask for more access" reopens a completed request
// only together with a change (one request.updated), asks for a new deadline when the old
// one has passed, and closed requests and other agencies' requests are refused.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { applyAgencyAction } from "@/lib/core/requests/apply-agency-action";
import { editRequest, ZEditRequestInput } from "@/lib/core/requests/edit-request";

let agencyId: string;
let otherAgencyId: string;
let google: string;
let hubspot: string;
let clientId: string;

const ads = (accessLevel = "admin") => ({
  google_ads: { accessLevel, requestedAccountLinks: [{ internalAccountId: google }] },
});
const portal = () => ({
  hubspot_portal: { accessLevel: "standard", requestedAccountLinks: [{ internalAccountId: hubspot }] },
});

async function newRequest(services: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return createRequest({
    agencyId,
    input: ZCreateRequestBody.parse({ clientId, requestedServices: services, ...extra }),
    source: "dashboard",
  });
}
async function eventTypes(requestId: string) {
  const rows = await (
    await getDb()
  ).event.findMany({ where: { requestId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((r) => r.type);
}
const edit = (
  requestId: string,
  requestedServices: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  now?: Date,
) => editRequest({ agencyId, input: ZEditRequestInput.parse({ requestId, requestedServices, ...extra }), now });

beforeAll(async () => {
  agencyId = (await createAgency({ name: "Edit Agency" })).id;
  otherAgencyId = (await createAgency({ name: "Other Agency" })).id;
  google = (await connectAccount({ agencyId, platform: "google" })).internalAccountId;
  hubspot = (await connectAccount({ agencyId, platform: "hubspot" })).internalAccountId;
  clientId = (
    await createClient({ agencyId, input: ZCreateClientBody.parse({ name: "Cleo Client", email: "cleo@c.test" }) })
  ).id;
});

describe("editRequest on an open request", () => {
  it("adds a service and changes a role; unchanged services keep their progress", async () => {
    const r = await newRequest({ ...ads(), ...portal() });
    await applyAgencyAction({
      agencyId,
      input: { requestId: r.id, kind: "mark_granted", serviceId: "hubspot_portal" },
    });
    const before = await eventTypes(r.id);
    const res = await edit(r.id, { ...ads("standard"), ...portal() });
    expect(res).toMatchObject({ changed: true, reopened: false });
    const byId = Object.fromEntries(res.request.services.map((s) => [s.service, s]));
    expect(byId.hubspot_portal!.status).toBe("granted");
    expect(byId.google_ads).toMatchObject({ status: "pending", accessLevel: "standard" });
    expect((await eventTypes(r.id)).slice(before.length)).toEqual(["request.updated"]);
  });

  it("records nothing when nothing changed, and refuses a role the catalog does not have", async () => {
    const r = await newRequest(ads());
    const before = await eventTypes(r.id);
    expect((await edit(r.id, ads())).changed).toBe(false);
    expect(await eventTypes(r.id)).toEqual(before);
    await expect(edit(r.id, ads("superuser"))).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("refuses other agencies' requests and cancelled ones", async () => {
    const r = await newRequest(ads());
    await expect(
      editRequest({
        agencyId: otherAgencyId,
        input: ZEditRequestInput.parse({ requestId: r.id, requestedServices: portal() }),
      }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await applyAgencyAction({ agencyId, input: { requestId: r.id, kind: "cancel" } });
    await expect(edit(r.id, portal())).rejects.toMatchObject({ code: "INVALID_STATE" });
  });
});

describe("ask for more access (a completed request)", () => {
  it("reopens with the new service pending and the granted one kept, in one request.updated", async () => {
    const r = await newRequest(ads());
    const done = await applyAgencyAction({
      agencyId,
      input: { requestId: r.id, kind: "mark_granted", serviceId: "google_ads" },
    });
    expect(done.status).toBe("completed");
    const before = (await eventTypes(r.id)).length;
    const res = await edit(r.id, { ...ads(), ...portal() });
    expect(res).toMatchObject({ changed: true, reopened: true });
    expect(res.request).toMatchObject({
      status: "in_progress",
      completedAt: null,
      stateVersion: done.stateVersion + 1,
    });
    expect(res.request.services.map((s) => [s.service, s.status])).toEqual([
      ["google_ads", "granted"],
      ["hubspot_portal", "pending"],
    ]);
    expect((await eventTypes(r.id)).slice(before)).toEqual(["request.updated"]);
    // completes again once the new service is granted
    const again = await applyAgencyAction({
      agencyId,
      input: { requestId: r.id, kind: "mark_granted", serviceId: "hubspot_portal" },
    });
    expect(again.status).toBe("completed");
  });

  it("emails the client the link when asked, and only then", async () => {
    const db = await getDb();
    const mails = (requestId: string) => db.email.findMany({ where: { requestId }, select: { kind: true, to: true } });
    const told = await newRequest(ads());
    await applyAgencyAction({ agencyId, input: { requestId: told.id, kind: "mark_granted", serviceId: "google_ads" } });
    const res = await edit(told.id, { ...ads(), ...portal() }, { emailClient: true });
    expect(res).toMatchObject({ reopened: true, emailedTo: "cleo@c.test" });
    expect(await mails(told.id)).toEqual([{ kind: "invite", to: "cleo@c.test" }]);

    const quiet = await newRequest(ads());
    await applyAgencyAction({
      agencyId,
      input: { requestId: quiet.id, kind: "mark_granted", serviceId: "google_ads" },
    });
    expect(await edit(quiet.id, { ...ads(), ...portal() }, { emailClient: false })).toMatchObject({ emailedTo: null });
    expect(await mails(quiet.id)).toEqual([]);
    // an open request's edit never emails: the client already has the link
    const open = await newRequest(ads());
    expect(await edit(open.id, { ...ads(), ...portal() }, { emailClient: true })).toMatchObject({ emailedTo: null });
    expect(await mails(open.id)).toEqual([]);
    expect(
      ZEditRequestInput.safeParse({ requestId: open.id, requestedServices: {}, emailClient: "yes" }).error?.issues[0]
        ?.path,
    ).toEqual(["emailClient"]);
  });

  it("refuses to reopen with nothing new, and leaves the request completed", async () => {
    const r = await newRequest(ads());
    await applyAgencyAction({ agencyId, input: { requestId: r.id, kind: "mark_granted", serviceId: "google_ads" } });
    await expect(edit(r.id, ads())).rejects.toMatchObject({ code: "VALIDATION_FAILED", details: expect.anything() });
    const row = await (await getDb()).accessRequest.findUniqueOrThrow({ where: { id: r.id } });
    expect(row.status).toBe("completed");
  });

  it("asks for a new deadline when the old one has passed, and validates it", async () => {
    const soon = new Date(Date.now() + 3600_000);
    const r = await newRequest(ads(), { expiresAt: soon.toISOString() });
    await applyAgencyAction({ agencyId, input: { requestId: r.id, kind: "mark_granted", serviceId: "google_ads" } });
    const later = new Date(soon.getTime() + 86_400_000);
    const missing = await edit(r.id, { ...ads(), ...portal() }, {}, later).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(JSON.stringify(missing)).toContain("expiresAt");
    await expect(
      edit(r.id, { ...ads(), ...portal() }, { expiresAt: new Date(later.getTime() - 1000).toISOString() }, later),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const deadline = new Date(later.getTime() + 7 * 86_400_000).toISOString();
    const res = await edit(r.id, { ...ads(), ...portal() }, { expiresAt: deadline }, later);
    expect(res.request).toMatchObject({ status: "in_progress", expiresAt: deadline });
  });

  it("refuses a bad request id or services shape with the field named", () => {
    const bad = ZEditRequestInput.safeParse({ requestId: "nope", requestedServices: {} });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(["requestId"]);
  });
});
