// The outgoing mail transport: nodemailer over SMTP when SMTP_URL is set. Without it there
// is no transport, and the sender keeps emails as `stored` for the dashboard's dev mailbox.
import nodemailer from "nodemailer";
import { env } from "@/lib/infra/env";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What the sender needs from a transport; every nodemailer transporter (SMTP, JSON, stream) fits. */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
}

// Bounded waits so one unresponsive server cannot hold a worker past its claim on an email.
// Set as URL parameters so an operator can still override any of them in SMTP_URL.
const DEFAULT_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** An SMTP transport for an smtp:// or smtps:// URL (user, password and options as nodemailer reads them). */
export function createSmtpTransport(url: string): MailTransport & { close(): void } {
  const withTimeouts = new URL(url);
  for (const [key, ms] of Object.entries(DEFAULT_TIMEOUTS_MS)) {
    if (!withTimeouts.searchParams.has(key)) withTimeouts.searchParams.set(key, String(ms));
  }
  return nodemailer.createTransport(withTimeouts.toString());
}

let cached: { url: string; transport: MailTransport & { close(): void } } | undefined;

/** The configured SMTP transport, or null when SMTP_URL is not set (emails are stored instead). */
export function getMailTransport(): MailTransport | null {
  const url = env().SMTP_URL;
  if (!url) return null;
  if (cached?.url !== url) {
    cached?.transport.close();
    cached = { url, transport: createSmtpTransport(url) };
  }
  return cached.transport;
}

/** The From header of every outgoing email. */
export function mailFrom(): string {
  return env().SMTP_FROM;
}
