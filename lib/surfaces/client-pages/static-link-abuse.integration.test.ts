// The static link cannot be used to exhaust an agency's prospect
// allowance. A post needs the page's signed form token (old enough, not expired, for this
// agency); one address starts a bounded number of sessions; the same email makes no second
// prospect, and its open request's link goes by email, never to the visitor;
// and the agency can delete junk prospects.
import { openLinkToken } from "@/lib/infra/secrets/link-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { getUsage } from "@/lib/core/usage/get-usage";
import { deleteProspect } from "@/lib/core/clients/delete-prospect";
import { cancelRequest } from "@/lib/core/requests/cancel-request";
import { startApiServer } from "@/test/support/api-server";
import { issueStaticLinkFormToken } from "@/lib/surfaces/client-pages/static-link-form-token";
import { STATIC_LINK_ADDRESS_LIMIT } from "@/lib/surfaces/client-pages/start-static-link-session";
import {
  locationOf,
  postForm,
  seedAccessAgency,
  seedAccessRequest,
  type TestAgency,
} from "@/test/support/access-fixtures";

let base: string;
let close: () => Promise<void>;

const savedTrustProxy = process.env.TRUST_PROXY;

beforeAll(async () => {
  // The test plays visitors from several addresses behind one proxy hop (the test server
  // appends the socket address to X-Forwarded-For, as a proxy would).
  process.env.TRUST_PROXY = "1";
  resetEnvCache();
  const server = await startApiServer();
  base = server.url;
  close = server.close;
});
afterAll(async () => {
  await close?.();
  if (savedTrustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = savedTrustProxy;
  resetEnvCache();
});

async function staticLink(agency: TestAgency): Promise<string> {
  const db = await getDb();
  const row = await db.agency.update({
    where: { id: agency.agencyId },
    data: {
      staticLinkEnabled: true,
      staticLinkServices: {
        meta_ads: { accessLevel: "analyst", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta }] },
      },
    },
  });
  return openLinkToken({ hash: row.staticLinkTokenHash, sealed: row.staticLinkTokenSealed });
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
const details = (email: string) => ({ name: "Pat Prospect", email, company: "", language: "English", pageLang: "en" });

function post(
  token: string,
  fields: Record<string, string>,
  opts: { address?: string; formToken?: string | null } = {},
) {
  const body = opts.formToken === null ? fields : { ...fields, formToken: opts.formToken ?? "" };
  return fetch(`${base}/api/access/static/${token}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
      ...(opts.address ? { "x-forwarded-for": opts.address } : {}),
    },
    body: new URLSearchParams(body),
  });
}

async function prospectsOf(agency: TestAgency) {
  return (await getDb()).client.count({ where: { agencyId: agency.agencyId, isProspect: true } });
}

describe("static link form token", () => {
  it("refuses posts without a valid, old-enough, unexpired token of this agency, creating nothing", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const other = await seedAccessAgency(["meta"]);
    const token = await staticLink(agency);
    const cases: [string | null, number, string][] = [
      [null, 400, "form_expired"],
      ["forged.token", 400, "form_expired"],
      [issueStaticLinkFormToken(other.agencyId, ago(10)), 400, "form_expired"],
      [issueStaticLinkFormToken(agency.agencyId, ago(5 * 60 * 60)), 400, "form_expired"],
      [issueStaticLinkFormToken(agency.agencyId), 429, "too_fast"],
    ];
    for (const [formToken, status, code] of cases) {
      const res = await post(token, details("a@prospect.test"), { formToken, address: "198.51.100.1" });
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).not.toBe("");
    }
    expect(await prospectsOf(agency)).toBe(0);
    expect((await getUsage({ agencyId: agency.agencyId })).prospects.used).toBe(0);

    // A plain form post is sent back to the page, which embeds a fresh token.
    const plain = await postForm(`${base}/api/access/static/${token}`, details("a@prospect.test"));
    expect(locationOf(plain).searchParams.get("error")).toBe("form_expired");

    const ok = await post(token, details("a@prospect.test"), {
      formToken: issueStaticLinkFormToken(agency.agencyId, ago(10)),
      address: "198.51.100.1",
    });
    expect(ok.status).toBe(200);
    expect(await prospectsOf(agency)).toBe(1);
  });
});

describe("static link per-address limit", () => {
  it("lets one address start a bounded number of sessions per agency; other addresses and agencies are unaffected", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const token = await staticLink(agency);
    const formToken = issueStaticLinkFormToken(agency.agencyId, ago(10));
    for (let i = 0; i < STATIC_LINK_ADDRESS_LIMIT.points; i++) {
      expect((await post(token, details(`p${i}@prospect.test`), { formToken, address: "203.0.113.7" })).status).toBe(
        200,
      );
    }
    const refused = await post(token, details("one-more@prospect.test"), { formToken, address: "203.0.113.7" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect(await prospectsOf(agency)).toBe(STATIC_LINK_ADDRESS_LIMIT.points);

    expect((await post(token, details("neighbour@prospect.test"), { formToken, address: "203.0.113.8" })).status).toBe(
      200,
    );
    const second = await seedAccessAgency(["meta"]);
    const secondToken = await staticLink(second);
    const secondForm = issueStaticLinkFormToken(second.agencyId, ago(10));
    expect(
      (await post(secondToken, details("p0@prospect.test"), { formToken: secondForm, address: "203.0.113.7" })).status,
    ).toBe(200);
  });
});

describe("static link repeats of one email", () => {
  it("never hand over the open request of the first visit: its link goes by email to that address; one prospect, one request, one unit", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const token = await staticLink(agency);
    const formToken = issueStaticLinkFormToken(agency.agencyId, ago(10));
    const first = (await (
      await post(token, details("sam@prospect.test"), { formToken, address: "192.0.2.1" })
    ).json()) as { location: string };
    expect(first.location).toMatch(/^\/i\//);
    // someone else who knows the email, in any letter case
    const again = (await (
      await post(token, details(" SAM@Prospect.test "), { formToken, address: "192.0.2.2" })
    ).json()) as { location: string };
    const told = new URL(again.location, "http://localhost");
    expect([told.pathname, told.searchParams.get("sent")]).toEqual([`/l/${token}`, "1"]);
    const db = await getDb();
    const mailed = await db.email.findMany({ where: { agencyId: agency.agencyId } });
    expect(mailed).toHaveLength(1);
    expect(mailed[0]).toMatchObject({ to: "sam@prospect.test", kind: "reminder" });
    expect(mailed[0]!.text).toContain(first.location);
    // a third visit right after sends no second email
    await post(token, details("sam@prospect.test"), { formToken, address: "192.0.2.4" });
    expect(await db.email.count({ where: { agencyId: agency.agencyId } })).toBe(1);
    expect(await prospectsOf(agency)).toBe(1);
    expect(await db.accessRequest.count({ where: { agencyId: agency.agencyId } })).toBe(1);
    expect(await db.event.count({ where: { agencyId: agency.agencyId, type: "request.created" } })).toBe(1);
    expect((await getUsage({ agencyId: agency.agencyId })).prospects.used).toBe(1);

    // Quick repeats in parallel still make one prospect, and only one of them is sent on to it.
    const burst = await Promise.all(
      [1, 2, 3].map((i) => post(token, details("lee@prospect.test"), { formToken, address: `192.0.2.${10 + i}` })),
    );
    const locations = await Promise.all(burst.map(async (r) => ((await r.json()) as { location: string }).location));
    expect(locations.filter((l) => l.startsWith("/i/"))).toHaveLength(1);
    expect(await prospectsOf(agency)).toBe(2);

    // Once the first request is closed, the same email starts a new one.
    const request = await db.accessRequest.findFirstOrThrow({
      where: { agencyId: agency.agencyId, client: { emailNormalized: "sam@prospect.test" } },
    });
    await cancelRequest({ agencyId: agency.agencyId, id: request.id });
    const later = (await (
      await post(token, details("sam@prospect.test"), { formToken, address: "192.0.2.3" })
    ).json()) as { location: string };
    expect(later.location).toMatch(/^\/i\//);
    expect(later.location).not.toBe(first.location);
    expect((await getUsage({ agencyId: agency.agencyId })).prospects.used).toBe(3);
  });
});

describe("deleting junk prospects", () => {
  it("deletes a prospect and its requests, never a client or another agency's prospect, and keeps the usage unit", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const token = await staticLink(agency);
    await post(token, details("junk@prospect.test"), {
      formToken: issueStaticLinkFormToken(agency.agencyId, ago(10)),
      address: "192.0.2.50",
    });
    const db = await getDb();
    const prospect = await db.client.findFirstOrThrow({ where: { agencyId: agency.agencyId, isProspect: true } });
    const client = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    const other = await seedAccessAgency(["meta"]);

    await expect(deleteProspect({ agencyId: other.agencyId, id: prospect.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(deleteProspect({ agencyId: agency.agencyId, id: client.clientId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await deleteProspect({ agencyId: agency.agencyId, id: prospect.id })).toEqual({
      id: prospect.id,
      deletedRequests: 1,
    });
    expect(await prospectsOf(agency)).toBe(0);
    expect(await db.accessRequest.count({ where: { agencyId: agency.agencyId, clientId: prospect.id } })).toBe(0);
    expect(await db.client.count({ where: { id: client.clientId } })).toBe(1);
    expect((await getUsage({ agencyId: agency.agencyId })).prospects.used).toBe(1);
  });
});
