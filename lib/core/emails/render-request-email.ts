// Renders the invite and reminder emails in the client's language: plain text and simple,
// escaped HTML with the agency's accent colour.
import { localeForLanguage, t } from "@/lib/infra/i18n/dictionary";

function esc(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function renderRequestEmail(o: {
  kind: "invite" | "reminder";
  language: string;
  agencyName: string;
  accentColor: string | null;
  clientName: string;
  url: string;
  expiresAt: Date | null;
}) {
  const loc = localeForLanguage(o.language);
  const agency = o.agencyName;
  const subject = o.kind === "invite" ? t(loc, "email.invite.subject", { agency }) : t(loc, "email.reminder.subject", { agency });
  const body = o.kind === "invite" ? t(loc, "email.invite.body", { agency }) : t(loc, "email.reminder.body", { agency });
  const expiry = o.expiresAt ? t(loc, "email.expiresOn", { date: o.expiresAt.toISOString().slice(0, 10) }) : null;
  const lines = [
    t(loc, "email.greeting", { name: o.clientName }),
    "",
    body,
    "",
    `${t(loc, "email.invite.cta")}: ${o.url}`,
    ...(expiry ? ["", expiry] : []),
    "",
    t(loc, "email.footer", { agency }),
  ];
  const color = /^#[0-9a-f]{6}$/i.test(o.accentColor ?? "") ? o.accentColor! : "#4f46e5";
  const html = `<!doctype html><html lang="${loc}"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<p>${esc(t(loc, "email.greeting", { name: o.clientName }))}</p>
<p>${esc(body)}</p>
<p><a href="${esc(o.url)}" style="display:inline-block;background:${color};color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${esc(t(loc, "email.invite.cta"))}</a></p>
${expiry ? `<p>${esc(expiry)}</p>` : ""}
<p style="font-size:13px;color:#555">${esc(t(loc, "email.linkFallback", { url: o.url }))}</p>
<p style="font-size:12px;color:#777">${esc(t(loc, "email.footer", { agency }))}</p>
</body></html>`;
  return { subject, text: lines.join("\n"), html };
}
