// Link tokens at rest: a request's invite/embed token and an agency's static-link token are
// stored as a sha256 and a sealed copy, never in plain text; the links still work over HTTP
// (sign-in through the OAuth callback, the static link's form) and every read (V2, V1, the
// static-link settings) returns the same URL. Rows from before the change (plaintext only)
// keep working and lose their plaintext in the boot step.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { hashToken, storeLinkToken } from "@/lib/infra/secrets/link-token";
import { getStaticLink, regenerateStaticLinkToken } from "@/lib/core/agencies/update-static-link";
import { backfillLinkTokens } from "@/lib/runtime/boot/backfill-link-tokens";
import { issueStaticLinkFormToken } from "@/lib/surfaces/client-pages/static-link-form-token";
import { startApiServer } from "@/test/support/api-server";
import { call, seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { expectV1Ok, v1Client } from "@/test/support/v1-test-client";
import { locationOf, postForm, signIn } from "@/test/support/access-fixtures";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let clientId: string;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: ["meta"] });
  const res = await call(server.url, a.key, "POST", "/clients", { body: { name: "Rosa", email: "rosa@example.com" } });
  expect(res.status).toBe(201);
  clientId = res.body.data.id;
});
afterAll(() => server.close());

/** Every column of the row as text, straight from the database. */
async function rawRow(table: "AccessRequest" | "Agency", id: string): Promise<string> {
  const db = await getDb();
  const rows = await db.$queryRawUnsafe<{ row: string }[]>(
    `SELECT row_to_json(t)::text AS row FROM "${table}" t WHERE t."id" = $1::uuid`,
    id,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.row;
}

async function createRequest(): Promise<{ id: string; inviteUrl: string; embedUrl: string }> {
  const res = await call(server.url, a.key, "POST", "/requests", {
    body: {
      clientId,
      requestedServices: {
        meta_ads: { accessLevel: "analyst", requestedAccountLinks: [{ internalAccountId: a.accounts.meta }] },
      },
    },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

describe("request invite and embed tokens", () => {
  it("stores only a hash and a sealed copy; the link signs in over HTTP; V2 and V1 return the same URLs", async () => {
    const created = await createRequest();
    const token = tokenOf(created.inviteUrl);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tokenOf(created.embedUrl)).toBe(token);

    const raw = await rawRow("AccessRequest", created.id);
    expect(raw).not.toContain(token);
    const db = await getDb();
    const row = await db.accessRequest.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.inviteToken).toBeNull();
    expect(row.inviteTokenHash).toBe(hashToken(token));
    expect(row.inviteTokenSealed).toBeTruthy();
    expect(row.inviteTokenSealed).not.toContain(token);

    // the link works: sign-in through the sandbox and back through the OAuth callback to /i/<token>
    const { callback } = await signIn(server.url, token, "meta_ads");
    expect(callback?.pathname).toBe(`/i/${token}`);
    expect(callback?.searchParams.get("session")).toBeTruthy();
    // a token that is only the stored hash is no link
    expect((await signIn(server.url, row.inviteTokenHash!, "meta_ads")).start.pathname).not.toBe("/sandbox/consent");

    const v2 = await call(server.url, a.key, "GET", `/requests/${created.id}`);
    expect(v2.body.data.inviteUrl).toBe(created.inviteUrl);
    expect(v2.body.data.embedUrl).toBe(created.embedUrl);
    const listed = await call(server.url, a.key, "GET", `/requests?clientId=${clientId}`);
    expect(listed.body.data.find((r: { id: string }) => r.id === created.id)?.inviteUrl).toBe(created.inviteUrl);
    const v1 = expectV1Ok(await v1Client(server.url, a.key)("GET", `/links/retrieve?id=${created.id}`));
    expect(v1.inviteUrl).toBe(created.inviteUrl);
  });

  it("a row from before the change (plaintext only) keeps its link, and the boot step seals it", async () => {
    const created = await createRequest();
    const legacy = crypto.randomBytes(24).toString("base64url");
    const db = await getDb();
    // as the migration leaves an old row: the plaintext and the hash SQL computed from it
    await db.$executeRawUnsafe(
      `UPDATE "AccessRequest" SET "inviteToken" = $1, "inviteTokenHash" = encode(sha256(convert_to($1, 'UTF8')), 'hex'), "inviteTokenSealed" = NULL WHERE "id" = $2::uuid`,
      legacy,
      created.id,
    );
    expect((await db.accessRequest.findUniqueOrThrow({ where: { id: created.id } })).inviteTokenHash).toBe(
      hashToken(legacy),
    );
    const before = await call(server.url, a.key, "GET", `/requests/${created.id}`);
    expect(tokenOf(before.body.data.inviteUrl)).toBe(legacy);

    const done = await backfillLinkTokens();
    expect(done.requests).toBeGreaterThanOrEqual(1);
    expect(await rawRow("AccessRequest", created.id)).not.toContain(legacy);
    const after = await call(server.url, a.key, "GET", `/requests/${created.id}`);
    expect(after.body.data.inviteUrl).toBe(before.body.data.inviteUrl);
    const { callback } = await signIn(server.url, legacy, "meta_ads");
    expect(callback?.pathname).toBe(`/i/${legacy}`);
    expect((await backfillLinkTokens()).requests).toBe(0);
  });
});

describe("static-link tokens", () => {
  it("stores only a hash and a sealed copy; the link takes a visitor; settings return the same URL", async () => {
    const db = await getDb();
    await db.agency.update({
      where: { id: a.agencyId },
      data: {
        staticLinkEnabled: true,
        staticLinkServices: {
          meta_ads: { accessLevel: "analyst", requestedAccountLinks: [{ internalAccountId: a.accounts.meta }] },
        },
      },
    });
    const link = await getStaticLink({ agencyId: a.agencyId });
    expect(link.url.endsWith(`/l/${link.token}`)).toBe(true);
    expect(await rawRow("Agency", a.agencyId)).not.toContain(link.token);
    expect((await getStaticLink({ agencyId: a.agencyId })).url).toBe(link.url);

    const visit = (token: string) =>
      postForm(`${server.url}/api/access/static/${token}`, {
        name: "Pat",
        email: `pat-${crypto.randomUUID().slice(0, 6)}@prospect.test`,
        pageLang: "en",
        formToken: issueStaticLinkFormToken(a.agencyId, new Date(Date.now() - 10_000)),
      });
    const res = await visit(link.token);
    expect(res.status).toBe(303);
    const invite = locationOf(res).pathname;
    expect(invite).toMatch(/^\/i\/[A-Za-z0-9_-]{32}$/);
    // the new request's token, too, is stored hashed
    const request = await db.accessRequest.findUniqueOrThrow({
      where: { inviteTokenHash: hashToken(invite.slice(3)) },
    });
    expect(request.inviteToken).toBeNull();

    const rotated = await regenerateStaticLinkToken({ agencyId: a.agencyId });
    expect(rotated.token).not.toBe(link.token);
    expect(await rawRow("Agency", a.agencyId)).not.toContain(rotated.token);
    expect(locationOf(await visit(link.token)).pathname).not.toMatch(/^\/i\//);
    expect(locationOf(await visit(rotated.token)).pathname).toMatch(/^\/i\//);
  });

  it("an agency row from before the change keeps its static link, and the boot step seals it", async () => {
    const db = await getDb();
    const legacy = crypto.randomBytes(24).toString("base64url");
    await db.$executeRawUnsafe(
      `UPDATE "Agency" SET "staticLinkToken" = $1, "staticLinkTokenHash" = encode(sha256(convert_to($1, 'UTF8')), 'hex'), "staticLinkTokenSealed" = NULL WHERE "id" = $2::uuid`,
      legacy,
      a.agencyId,
    );
    expect((await getStaticLink({ agencyId: a.agencyId })).token).toBe(legacy);
    expect((await backfillLinkTokens()).agencies).toBeGreaterThanOrEqual(1);
    expect(await rawRow("Agency", a.agencyId)).not.toContain(legacy);
    expect((await getStaticLink({ agencyId: a.agencyId })).token).toBe(legacy);
    expect(storeLinkToken(legacy).hash).toBe(
      (await db.agency.findUniqueOrThrow({ where: { id: a.agencyId } })).staticLinkTokenHash,
    );
  });
});
