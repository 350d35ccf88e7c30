// The removal link's email in the client's language: plain text and simple, escaped HTML
// with the agency's accent colour (the same layout as the invite email).
import { localeForLanguage } from "@/lib/infra/i18n/dictionary";
import { removalText } from "@/lib/infra/i18n/removal-messages";

function esc(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function renderRemovalEmail(o: {
  language: string;
  agencyName: string;
  accentColor: string | null;
  clientName: string;
  platformName: string;
  url: string;
  expiresAt: Date;
}) {
  const loc = localeForLanguage(o.language);
  const v = { agency: o.agencyName, platform: o.platformName };
  const subject = removalText(loc, "email.subject", v);
  const body = removalText(loc, "email.body", v);
  const expiry = removalText(loc, "email.expires", { date: o.expiresAt.toISOString().slice(0, 10) });
  const greeting = removalText(loc, "email.greeting", { name: o.clientName });
  const cta = removalText(loc, "email.cta");
  const text = [greeting, "", body, "", `${cta}: ${o.url}`, "", expiry].join("\n");
  const color = /^#[0-9a-f]{6}$/i.test(o.accentColor ?? "") ? o.accentColor! : "#4f46e5";
  const html = `<!doctype html><html lang="${loc}"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<p>${esc(greeting)}</p>
<p>${esc(body)}</p>
<p><a href="${esc(o.url)}" style="display:inline-block;background:${color};color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${esc(cta)}</a></p>
<p>${esc(expiry)}</p>
<p style="font-size:13px;color:#555">${esc(removalText(loc, "email.fallback", { url: o.url }))}</p>
</body></html>`;
  return { subject, text, html };
}
