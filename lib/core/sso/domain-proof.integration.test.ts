// Proving a single sign-on domain proves control of it: without a mail server the emailed
// code is refused (the Owner is told to publish the DNS record); with one, the code goes
// only to the domain's administrative addresses and its email is neither listed nor read in
// the agency's Mailbox (the dashboard's route handlers, the session standing in for
// next-auth's cookie), and its body is gone once sent. A verified domain belongs to one
// agency: two agencies verifying at the same moment give one verified claim and one clear
// refusal (on PostgreSQL the two transactions are held at the update until both have passed
// the check, so the unique index decides). The migration returns claims verified by a
// readable code to "prove it again", and such a claim joins nobody and requires nothing
// until proved again by DNS. DNS answers come from a stub: no test resolves a real name.
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => ({ session: null as { userId: string } | null }));
vi.mock("next-auth", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getServerSession: async () => fake.session,
}));

const { getDb } = await import("@/lib/infra/db/db");
const { resetEnvCache } = await import("@/lib/infra/env");
const { createAgency } = await import("@/lib/core/agencies/create-agency");
const { createUser } = await import("@/lib/core/users/create-user");
const { sendPendingEmails, SENT_BODY_PURGED } = await import("@/lib/core/emails/send-pending-emails");
const domains = await import("@/lib/core/sso/agency-domains");
const rules = await import("@/lib/core/sso/domain-proof-rules");
const { migrationsDir, splitStatements } = await import("@/lib/infra/db/migrate");
const { startFakeDnsServer } = await import("@/test/support/fake-dns-server");
const list = await import("@/app/api/dashboard/emails/route");
const one = await import("@/app/api/dashboard/emails/[id]/route");

const PASSWORD = "correct horse battery staple 42";
let n = 0;
const uniq = () => `${++n}${Date.now().toString(36)}`;

type Actor = { userId: string; email: string };
let owner: Actor & { agencyId: string };

/** A resolver that answers `value` for `name` only: never the network. */
const answering =
  (name: string, value: string) =>
  async (asked: string): Promise<string[][]> => {
    if (asked !== name) throw Object.assign(new Error(`unexpected ${asked}`), { code: "ENOTFOUND" });
    return [[value]];
  };

async function newOwner(): Promise<Actor & { agencyId: string }> {
  const agency = await createAgency({ name: `Proof Co ${uniq()}` });
  const user = await createUser({ agencyId: agency.id, email: `owner-${uniq()}@example.com`, password: PASSWORD });
  return { agencyId: agency.id, userId: user.id, email: user.email };
}

/** Claims `domain` by DNS for the agency and proves it with the record's value. */
async function proveByDns(who: Actor & { agencyId: string }, domain: string) {
  const claimed = await domains.claimDomainByDns({ agencyId: who.agencyId, actor: who, input: { domain } });
  const record = claimed.txtRecord!;
  return domains.checkDomainTxt({
    agencyId: who.agencyId,
    actor: who,
    input: { domain },
    resolveTxt: answering(record.name, record.value),
  });
}

function setSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetEnvCache();
}

async function mailboxAs(userId: string) {
  fake.session = { userId };
  const res = await list.GET(new Request("http://localhost:3999/api/dashboard/emails"));
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string; kind: string; to: string }[] }).data;
}

async function readAs(userId: string, id: string) {
  fake.session = { userId };
  const res = await one.GET(new Request(`http://localhost:3999/api/dashboard/emails/${id}`), {
    params: Promise.resolve({ id }),
  });
  return { status: res.status, body: await res.text() };
}

beforeAll(async () => {
  owner = await newOwner();
});
afterEach(() => setSmtp(undefined));

describe("proof by email", () => {
  it("is refused without a mail server, telling the Owner to use DNS; nothing is stored", async () => {
    setSmtp(undefined);
    const domain = `nomail-${uniq()}.com`;
    await expect(
      domains.claimDomain({ agencyId: owner.agencyId, actor: owner, input: { email: `admin@${domain}` } }),
    ).rejects.toMatchObject({ details: [{ field: "email", message: rules.NO_MAIL_SERVER }] });
    expect(rules.NO_MAIL_SERVER).toContain("DNS TXT record");
    const db = await getDb();
    expect(await db.email.count({ where: { agencyId: owner.agencyId, to: `admin@${domain}` } })).toBe(0);
    expect(await db.agencyDomain.count({ where: { domain } })).toBe(0);
  });

  it("sends the code only to an administrative address, and the Owner can never read it", async () => {
    setSmtp("smtp://127.0.0.1:2525");
    const domain = `mail-${uniq()}.com`;
    // an address anyone may hold at the domain proves nothing
    for (const email of [`it@${domain}`, `owner@${domain}`, `admin.x@${domain}`])
      await expect(
        domains.claimDomain({ agencyId: owner.agencyId, actor: owner, input: { email } }),
      ).rejects.toMatchObject({ details: [{ field: "email", message: rules.NOT_ADMIN_MAILBOX }] });

    const claimed = await domains.claimDomain({
      agencyId: owner.agencyId,
      actor: owner,
      input: { email: `Hostmaster@${domain.toUpperCase()}` },
    });
    // the code is handed back to no one
    expect(claimed).toEqual({ domain, sentTo: `hostmaster@${domain}` });
    expect(JSON.stringify(await domains.listAgencyDomains(owner.agencyId))).not.toMatch(/"code"/);

    // the email exists (it is what the mail server sends), but no Mailbox lists or reads it
    const db = await getDb();
    const mail = await db.email.findFirstOrThrow({ where: { agencyId: owner.agencyId, to: `hostmaster@${domain}` } });
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect((await mailboxAs(owner.userId)).map((m) => m.id)).not.toContain(mail.id);
    const read = await readAs(owner.userId, mail.id);
    expect(read.status).toBe(404);
    expect(read.body).not.toContain(code);
    // not even once stored for a Mailbox (a worker without a transport)
    await sendPendingEmails({ transport: null });
    expect((await db.email.findUniqueOrThrow({ where: { id: mail.id } })).status).toBe("stored");
    expect((await mailboxAs(owner.userId)).map((m) => m.id)).not.toContain(mail.id);
    expect((await readAs(owner.userId, mail.id)).status).toBe(404);

    // the holder of the address enters the code: verified, and the stored body is gone once sent
    await db.email.update({ where: { id: mail.id }, data: { status: "pending" } });
    const sent: { to: string; text: string }[] = [];
    await sendPendingEmails({ transport: { sendMail: async (m) => void sent.push(m) } });
    expect(sent.find((m) => m.to === `hostmaster@${domain}`)?.text).toContain(code);
    expect((await db.email.findUniqueOrThrow({ where: { id: mail.id } })).text).toBe(SENT_BODY_PURGED);
    const verified = await domains.confirmDomain({ agencyId: owner.agencyId, actor: owner, input: { domain, code } });
    expect(verified).toMatchObject({ domain, verified: true });
  });
});

describe("proof by DNS through the app's own resolver", () => {
  it("asks the servers DNS_SERVERS names (a loopback server here) and verifies once the record is there", async () => {
    const dns = await startFakeDnsServer();
    process.env.DNS_SERVERS = dns.address;
    resetEnvCache();
    try {
      const who = await newOwner();
      const domain = `resolver-${uniq()}.com`;
      const record = (await domains.claimDomainByDns({ agencyId: who.agencyId, actor: who, input: { domain } }))
        .txtRecord!;
      await expect(
        domains.checkDomainTxt({ agencyId: who.agencyId, actor: who, input: { domain } }),
      ).rejects.toMatchObject({
        details: [{ field: "domain", message: expect.stringContaining("No TXT record found") }],
      });
      dns.txt.set(record.name, ["v=spf1 -all", record.value]);
      expect(await domains.checkDomainTxt({ agencyId: who.agencyId, actor: who, input: { domain } })).toMatchObject({
        domain,
        verified: true,
      });
    } finally {
      delete process.env.DNS_SERVERS;
      resetEnvCache();
      await dns.close();
    }
  });
});

describe("one agency per verified domain", () => {
  it("gives one verified claim and one clear refusal when two agencies verify at the same moment", async () => {
    const a = await newOwner();
    const b = await newOwner();
    const domain = `race-${uniq()}.com`;
    const records = await Promise.all(
      [a, b].map(
        async (who) =>
          (await domains.claimDomainByDns({ agencyId: who.agencyId, actor: who, input: { domain } })).txtRecord!,
      ),
    );
    const check = (who: typeof a, i: number) =>
      domains
        .checkDomainTxt({
          agencyId: who.agencyId,
          actor: who,
          input: { domain },
          resolveTxt: answering(records[i]!.name, records[i]!.value),
        })
        .then(
          (v) => ({ ok: true as const, v }),
          (e: unknown) => ({ ok: false as const, e: e as { code?: string; details?: { field: string }[] } }),
        );

    let outcomes: Awaited<ReturnType<typeof check>>[];
    const url = process.env.DATABASE_URL;
    if (url) {
      // PostgreSQL: a lock that lets reads through but holds writes keeps both transactions at
      // their update until both have passed the check; then the index alone decides
      const pg = (await import("pg")).default;
      const gate = new pg.Client({ connectionString: url });
      await gate.connect();
      try {
        await gate.query(`BEGIN; LOCK TABLE "AgencyDomain" IN SHARE ROW EXCLUSIVE MODE`);
        const racing = Promise.all([check(a, 0), check(b, 1)]);
        for (;;) {
          const { rows } = await gate.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
          );
          if (rows[0]!.waiting >= 2) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await gate.query("COMMIT");
        outcomes = await racing;
      } finally {
        await gate.end();
      }
    } else {
      // the embedded database runs one transaction at a time: the check decides
      outcomes = await Promise.all([check(a, 0), check(b, 1)]);
    }
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const refused = outcomes.find((o) => !o.ok)!;
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.e).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ field: "domain", message: rules.TAKEN_DOMAIN }],
    });
    const db = await getDb();
    expect(await db.agencyDomain.count({ where: { domain, verifiedAt: { not: null } } })).toBe(1);
  });

  it("refuses a second verified row for a domain in the database itself", async () => {
    const a = await newOwner();
    const b = await newOwner();
    const domain = `index-${uniq()}.com`;
    await proveByDns(a, domain);
    const db = await getDb();
    const row = await db.agencyDomain.create({ data: { agencyId: b.agencyId, domain } });
    await expect(
      db.agencyDomain.update({ where: { id: row.id }, data: { verifiedAt: new Date() } }),
    ).rejects.toMatchObject({ code: "P2002" });
  });
});

describe("claims verified by a readable code", () => {
  it("are marked by the migration to be proved again, and only the first of two verified agencies keeps a domain", async () => {
    // The migration's own file, run in a scratch schema holding the two tables it reads as
    // they were before it (no reproveReason, no index), with the claims they could hold.
    const mine = fs.readdirSync(migrationsDir()).find((d) => d.endsWith("_domain_proof_of_control"))!;
    const statements = splitStatements(fs.readFileSync(path.join(migrationsDir(), mine, "migration.sql"), "utf8"));
    const scratch = `before_${uniq()}`;
    const db = await getDb();
    const ids = { a: crypto.randomUUID(), b: crypto.randomUUID(), c: crypto.randomUUID() };
    // everything happens in one transaction that is rolled back at the end (the scratch schema
    // goes with it); the rows read come out on the error that rolls it back
    class RolledBack extends Error {
      constructor(
        readonly rows: { agencyId: string; domain: string; verified: boolean; reproveReason: string | null }[],
      ) {
        super("rolled back");
      }
    }
    const rows = await db
      .$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe(`CREATE SCHEMA "${scratch}"`);
          await tx.$executeRawUnsafe(`SET LOCAL search_path TO "${scratch}"`);
          for (const table of ["AgencyDomain", "AuditEntry"])
            await tx.$executeRawUnsafe(`CREATE TABLE "${table}" (LIKE public."${table}" INCLUDING DEFAULTS)`);
          await tx.$executeRawUnsafe(`ALTER TABLE "AgencyDomain" DROP COLUMN "reproveReason"`);
          const claim = (agency: string, domain: string, verifiedAt: string | null, codeEmail: string | null) =>
            tx.$executeRawUnsafe(
              `INSERT INTO "AgencyDomain" (id, "agencyId", domain, "verifiedAt", "codeEmail", "requireSso") VALUES ($1::uuid, $2::uuid, $3, $4::timestamptz, $5, true)`,
              crypto.randomUUID(),
              agency,
              domain,
              verifiedAt,
              codeEmail,
            );
          const verifiedBy = (agency: string, domain: string, method: string, at: string) =>
            tx.$executeRawUnsafe(
              `INSERT INTO "AuditEntry" (id, "agencyId", action, target, changes, "createdAt") VALUES ($1::uuid, $2::uuid, 'sso.domain_verified', $3, $4::jsonb, $5::timestamptz)`,
              crypto.randomUUID(),
              agency,
              `domain:${domain}`,
              JSON.stringify({ method }),
              at,
            );
          // A proved victim.com by a code it could read; B proved its own by DNS; C claimed by
          // DNS once and later by a code (the latest proof counts); both A and B verified race.com
          await claim(ids.a, "victim.com", "2026-11-01T00:00:00Z", "it@victim.com");
          await verifiedBy(ids.a, "victim.com", "email_code", "2026-11-01T00:00:00Z");
          await claim(ids.b, "b-agency.com", "2026-11-02T00:00:00Z", null);
          await verifiedBy(ids.b, "b-agency.com", "dns_txt", "2026-11-02T00:00:00Z");
          await claim(ids.c, "c-agency.com", "2026-11-05T00:00:00Z", "admin@c-agency.com");
          await verifiedBy(ids.c, "c-agency.com", "dns_txt", "2026-11-03T00:00:00Z");
          await verifiedBy(ids.c, "c-agency.com", "email_code", "2026-11-05T00:00:00Z");
          await claim(ids.a, "race.com", "2026-11-04T00:00:00Z", null);
          await verifiedBy(ids.a, "race.com", "dns_txt", "2026-11-04T00:00:00Z");
          await claim(ids.b, "race.com", "2026-11-04T00:00:01Z", null);
          await verifiedBy(ids.b, "race.com", "dns_txt", "2026-11-04T00:00:01Z");
          await claim(ids.c, "pending.com", null, "admin@pending.com");

          for (const sql of statements) await tx.$executeRawUnsafe(sql);
          const after = await tx.$queryRawUnsafe<
            { agencyId: string; domain: string; verified: boolean; reproveReason: string | null }[]
          >(
            `SELECT "agencyId"::text, domain, "verifiedAt" IS NOT NULL AS verified, "reproveReason" FROM "AgencyDomain"`,
          );
          // the index it made holds from now on
          const second = await tx
            .$executeRawUnsafe(`UPDATE "AgencyDomain" SET "verifiedAt" = now() WHERE domain = 'race.com'`)
            .then(
              () => null,
              (e: unknown) => String((e as Error).message),
            );
          expect(second).toMatch(/unique|AgencyDomain_verified_domain_key/i);
          throw new RolledBack(after);
        },
        { timeout: 60_000 },
      )
      .then(
        () => [],
        (e: unknown) => {
          if (e instanceof RolledBack) return e.rows;
          throw e;
        },
      );
    const by = (agency: string, domain: string) => rows.find((r) => r.agencyId === agency && r.domain === domain);
    expect(by(ids.a, "victim.com")).toMatchObject({ verified: false, reproveReason: "readable_code" });
    expect(by(ids.c, "c-agency.com")).toMatchObject({ verified: false, reproveReason: "readable_code" });
    expect(by(ids.b, "b-agency.com")).toMatchObject({ verified: true, reproveReason: null });
    expect(by(ids.a, "race.com")).toMatchObject({ verified: true, reproveReason: null });
    expect(by(ids.b, "race.com")).toMatchObject({ verified: false, reproveReason: "duplicate" });
    expect(by(ids.c, "pending.com")).toMatchObject({ verified: false, reproveReason: null });
  });

  it("join nobody and require nothing until the Owner proves the domain again by DNS", async () => {
    const who = await newOwner();
    const domain = `flagged-${uniq()}.com`;
    const db = await getDb();
    // as the migration leaves it: unverified, with the reason, single sign-on still chosen
    await db.agencyDomain.create({
      data: { agencyId: who.agencyId, domain, requireSso: true, reproveReason: "readable_code" },
    });
    const member = await createUser({
      agencyId: who.agencyId,
      email: `pat@${domain}`,
      password: PASSWORD,
      role: "member",
    });
    expect(await domains.findClaimedDomain(domain)).toBeNull();
    expect(await domains.passwordSignInPolicy({ userId: member.id, email: member.email })).toBe("allowed");
    const [view] = await domains.listAgencyDomains(who.agencyId);
    expect(view).toMatchObject({ domain, verified: false, reproveReason: "readable_code" });
    expect(view!.txtRecord?.name).toBe(`_access-requests.${domain}`);
    expect(rules.REPROVE_REASONS[view!.reproveReason!]).toContain("Prove it again");

    const proved = await proveByDns(who, domain);
    expect(proved).toMatchObject({ verified: true, reproveReason: null });
    expect((await domains.findClaimedDomain(domain))?.agencyId).toBe(who.agencyId);
    expect(await domains.passwordSignInPolicy({ userId: member.id, email: member.email })).toBe("refused");
  });
});
