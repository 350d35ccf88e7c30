// The completion email over real HTTP and a real database with the sandbox platforms: the
// client who finishes a request (here by granting its last service through the sandbox
// sign-in) gets one email in their language, through the email outbox, linking to their own
// access page; a request the team finishes sends none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { loadClientAccessPage } from "@/lib/surfaces/client-pages/client-access/client-access-flow";
import { startApiServer } from "@/test/support/api-server";
import { seedAccessAgency, seedAccessRequest, signInAndGrant } from "@/test/support/access-fixtures";

let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
});
afterAll(async () => close?.());

describe("the completion email", () => {
  it("is sent once to the client who finishes, in their language, with the link to their access page", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const { requestId, token } = await seedAccessRequest(
      agency,
      { meta_ads: { accessLevel: "advertiser" } },
      { language: "Spanish" },
    );
    const res = await signInAndGrant(base, token, "meta_ads", { assets: [1] });
    expect(res.status).toBeLessThan(400);

    const db = await getDb();
    const mails = await db.email.findMany({ where: { requestId, kind: "completion" } });
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe("ana@client.test");
    expect(mail.status).toBe("pending");
    const url = `${env().appUrl}/i/${token}/access`;
    expect(mail.subject).toMatch(/^Diste acceso a /);
    expect(mail.text).toContain(`Ver a qué tiene acceso la agencia: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('lang="es"');
    // the link opens the client's access page, listing what they just granted
    const page = await loadClientAccessPage({ token });
    expect(page?.lines.map((l) => l.assetId)).toEqual(["meta_ads_1001"]);
  });

  it("is not sent when the team finishes the request", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const { requestId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    await applyRequestAction({
      agencyId: agency.agencyId,
      requestId,
      action: { kind: "mark_granted", serviceId: "meta_ads" },
      actor: "owner@agency.test",
    });
    const db = await getDb();
    expect((await db.accessRequest.findUniqueOrThrow({ where: { id: requestId } })).status).toBe("completed");
    expect(await db.email.count({ where: { requestId, kind: "completion" } })).toBe(0);
  });
});
