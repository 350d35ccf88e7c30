// The email sender against a real database: stored without SMTP, sent through an injected
// nodemailer transport and through a real SMTP server on loopback, retried with backoff
// until it fails for good, and each email sent once when two workers run at once.
import net from "node:net";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { getDb, type Db } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { mailFrom, type MailTransport, type OutgoingMail } from "@/lib/infra/email/mail-transport";
import { EMAIL_MAX_ATTEMPTS, EMAIL_RETRY_DELAYS_MS, sendPendingEmails } from "@/lib/core/emails/send-pending-emails";

let db: Db;
let agencyId: string;

async function queueEmail(opts: { to?: string; subject?: string; nextAttemptAt?: Date } = {}) {
  return db.email.create({
    data: {
      agencyId,
      kind: "invite",
      to: opts.to ?? "client@example.test",
      subject: opts.subject ?? "Agency is requesting access to your accounts",
      text: "Hello,\n\nOpen the link to grant access.",
      html: "<p>Hello,</p><p>Open the link to grant access.</p>",
      nextAttemptAt: opts.nextAttemptAt ?? new Date(Date.now() - 1000),
    },
  });
}

function recordingTransport(): MailTransport & { sent: OutgoingMail[] } {
  const json = nodemailer.createTransport({ jsonTransport: true });
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async sendMail(mail) {
      sent.push(mail);
      return json.sendMail(mail);
    },
  };
}

interface SmtpMessage {
  from: string;
  to: string[];
  data: string;
}

// Just enough SMTP for nodemailer: EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT.
async function startSmtpServer(opts: { rejectRecipients?: boolean } = {}) {
  const messages: SmtpMessage[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = "";
    let inData = false;
    let current: SmtpMessage = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(line + "\r\n");
    reply("220 localhost ESMTP test");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let nl: number;
      while ((nl = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            messages.push(current);
            current = { from: "", to: [], data: "" };
            reply("250 2.0.0 queued");
          } else {
            current.data += (line.startsWith("..") ? line.slice(1) : line) + "\n";
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") reply("250-localhost\r\n250 8BITMIME");
        else if (verb === "HELO" || verb === "NOOP") reply("250 ok");
        else if (verb === "RSET") {
          current = { from: "", to: [], data: "" };
          reply("250 ok");
        } else if (verb === "MAIL") {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 ok");
        } else if (verb === "RCPT") {
          if (opts.rejectRecipients) reply("550 5.1.1 mailbox unavailable");
          else {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
            reply("250 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("502 command not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function useSmtpUrl(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetEnvCache();
}

beforeAll(async () => {
  useSmtpUrl(undefined);
  db = await getDb();
  agencyId = (await createAgency({ name: "Mail Agency" })).id;
});

beforeEach(async () => {
  await db.email.deleteMany({});
});

afterAll(() => useSmtpUrl(undefined));

describe("sendPendingEmails without SMTP", () => {
  it("stores the due emails for the dev mailbox and leaves the rest pending", async () => {
    const due = [await queueEmail(), await queueEmail()];
    const notYet = await queueEmail({ nextAttemptAt: new Date(Date.now() + 60_000) });

    expect(await sendPendingEmails({ limit: 1 })).toBe(1);
    expect(await sendPendingEmails()).toBe(1);
    expect(await sendPendingEmails()).toBe(0);

    const rows = await db.email.findMany({ where: { id: { in: [...due.map((e) => e.id), notYet.id] } } });
    expect(
      rows
        .filter((r) => r.status === "stored")
        .map((r) => r.id)
        .sort(),
    ).toEqual(due.map((e) => e.id).sort());
    expect(rows.find((r) => r.id === notYet.id)?.status).toBe("pending");
  });
});

describe("sendPendingEmails with a transport", () => {
  it("sends each due email once from SMTP_FROM and marks it sent", async () => {
    const email = await queueEmail({ to: "ana@example.test", subject: "Hola" });
    const transport = recordingTransport();
    const now = new Date();

    expect(await sendPendingEmails({ now, transport })).toBe(1);
    expect(await sendPendingEmails({ now, transport })).toBe(0);

    expect(transport.sent).toEqual([
      { from: mailFrom(), to: "ana@example.test", subject: "Hola", text: email.text, html: email.html },
    ]);
    const row = await db.email.findUniqueOrThrow({ where: { id: email.id } });
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt?.toISOString()).toBe(now.toISOString());
  });

  it("retries after 1 min, 5 min, 30 min and 2 h, then fails with the last error", async () => {
    const email = await queueEmail();
    let calls = 0;
    const failing: MailTransport = {
      async sendMail() {
        calls++;
        throw Object.assign(new Error(`Connection refused (${calls})`), { code: "ECONNECTION" });
      },
    };
    let now = new Date();
    for (let attempt = 1; attempt < EMAIL_MAX_ATTEMPTS; attempt++) {
      expect(await sendPendingEmails({ now, transport: failing })).toBe(1);
      const row = await db.email.findUniqueOrThrow({ where: { id: email.id } });
      const delay = EMAIL_RETRY_DELAYS_MS[attempt - 1]!;
      expect(row).toMatchObject({
        status: "pending",
        attempts: attempt,
        lastError: `ECONNECTION: Connection refused (${attempt})`,
      });
      expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + delay);
      // Not due a moment before the delay has passed.
      expect(await sendPendingEmails({ now: new Date(now.getTime() + delay - 1000), transport: failing })).toBe(0);
      now = new Date(now.getTime() + delay);
    }
    expect(EMAIL_RETRY_DELAYS_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000]);
    expect(await sendPendingEmails({ now, transport: failing })).toBe(1);
    const failed = await db.email.findUniqueOrThrow({ where: { id: email.id } });
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 5,
      lastError: "ECONNECTION: Connection refused (5)",
      sentAt: null,
    });
    expect(await sendPendingEmails({ now: new Date(now.getTime() + 24 * 3600_000), transport: failing })).toBe(0);
    expect(calls).toBe(5);
  });

  it("sends after a failed attempt once the transport recovers", async () => {
    const email = await queueEmail();
    let fail = true;
    const flaky: MailTransport = {
      async sendMail() {
        if (fail) throw new Error("timeout");
        return {};
      },
    };
    const now = new Date();
    await sendPendingEmails({ now, transport: flaky });
    fail = false;
    expect(await sendPendingEmails({ now: new Date(now.getTime() + 60_000), transport: flaky })).toBe(1);
    expect(await db.email.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
      lastError: null,
    });
  });

  it("sends each email exactly once when two workers run at once", async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await queueEmail({ to: `c${i}@example.test` })).id);
    const sentTo: string[] = [];
    const slow: MailTransport = {
      async sendMail(mail) {
        await new Promise((r) => setTimeout(r, 30));
        sentTo.push(mail.to);
      },
    };
    const [a, b] = await Promise.all([sendPendingEmails({ transport: slow }), sendPendingEmails({ transport: slow })]);
    expect(a + b).toBe(6);
    expect(sentTo.sort()).toEqual(ids.map((_, i) => `c${i}@example.test`).sort());
    expect(await db.email.count({ where: { id: { in: ids }, status: "sent", attempts: 1 } })).toBe(6);
  });
});

describe("sendPendingEmails over SMTP on loopback", () => {
  it("delivers through the server named by SMTP_URL", async () => {
    const server = await startSmtpServer();
    try {
      useSmtpUrl(server.url);
      const email = await queueEmail({
        to: "maria@example.test",
        subject: "Acme is requesting access to your accounts",
      });
      expect(await sendPendingEmails()).toBe(1);
      expect(server.messages).toHaveLength(1);
      const [msg] = server.messages;
      expect(mailFrom()).toContain(`<${msg!.from}>`);
      expect(msg!.to).toEqual(["maria@example.test"]);
      expect(msg!.data).toContain("Subject: Acme is requesting access to your accounts");
      expect(msg!.data).toContain("To: maria@example.test");
      expect(msg!.data).toContain("Open the link to grant access.");
      expect(await db.email.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({
        status: "sent",
        attempts: 1,
      });
    } finally {
      useSmtpUrl(undefined);
      await server.close();
    }
  });

  it("schedules a retry when the server rejects the recipient", async () => {
    const server = await startSmtpServer({ rejectRecipients: true });
    try {
      useSmtpUrl(server.url);
      const email = await queueEmail();
      const now = new Date();
      expect(await sendPendingEmails({ now })).toBe(1);
      const row = await db.email.findUniqueOrThrow({ where: { id: email.id } });
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toContain("550");
      expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);
      expect(server.messages).toHaveLength(0);
    } finally {
      useSmtpUrl(undefined);
      await server.close();
    }
  });
});
