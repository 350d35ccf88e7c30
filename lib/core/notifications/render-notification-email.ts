// The email of one notification or of a daily digest: plain text and escaped HTML.
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function renderNotificationEmail(opts: { agencyName: string; lines: string[]; link: string; digest?: boolean }) {
  const more = opts.lines.length > 1 ? ` and ${opts.lines.length - 1} more update${opts.lines.length === 2 ? "" : "s"}` : "";
  const subject = opts.digest
    ? `${opts.agencyName}: ${opts.lines.length} update${opts.lines.length === 1 ? "" : "s"} today`
    : `${opts.agencyName}: ${opts.lines[0] ?? "update"}${more}`;
  const text = [...opts.lines.map((l) => `- ${l}`), "", `Open the dashboard: ${opts.link}`, "", "Change what you receive on the Notifications page of the dashboard."].join("\n");
  const html =
    `<ul>${opts.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>` +
    `<p><a href="${escapeHtml(opts.link)}">Open the dashboard</a></p>` +
    `<p style="color:#64748b">Change what you receive on the Notifications page of the dashboard.</p>`;
  return { subject: subject.slice(0, 200), text, html };
}
