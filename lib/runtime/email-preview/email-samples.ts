// Sample emails of every template in every language, for the preview script
// (npm run email:preview) and the snapshot test: fixed names, links and dates.
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { renderRequestEmail } from "@/lib/core/emails/render-request-email";
import { renderRemovalEmail } from "@/lib/core/removal-links/render-removal-email";
import { renderNotificationEmail } from "@/lib/core/notifications/render-notification-email";
import { renderCompletionEmail } from "@/lib/core/client-access/completion-email";

/** The service the samples name, as the catalog writes it. */
const SAMPLE_SERVICE = getCatalogService("google_ads")?.name ?? "";

export const SAMPLE_LANGUAGES = { en: "English", es: "Spanish", nl: "Dutch" } as const;

export interface SampleEmail {
  name: string;
  subject: string;
  text: string;
  html: string;
}

/** Every client email in one language, and (language-independent) the team's notification emails. */
export async function sampleEmails(lang: keyof typeof SAMPLE_LANGUAGES): Promise<SampleEmail[]> {
  const language = SAMPLE_LANGUAGES[lang];
  const common = {
    language,
    agencyName: "Acme <Agency> & Co",
    accentColor: "#0f766e",
    clientName: 'Ada "The Countess"',
  };
  const expiresAt = new Date("2027-01-31T12:00:00Z");
  const out: SampleEmail[] = [];
  for (const kind of ["invite", "reminder"] as const) {
    out.push({
      name: `${kind}-${lang}`,
      ...(await renderRequestEmail({
        ...common,
        kind,
        url: "https://access.example.com/i/tok_123?a=1&b=2",
        expiresAt,
        // the invite with the agency's logo, the reminder without one
        logoUrl: kind === "invite" ? "https://access.example.com/api/agencies/ag_1/logo?v=1" : null,
      })),
    });
  }
  out.push({
    name: `removal-${lang}`,
    ...(await renderRemovalEmail({
      ...common,
      platformName: SAMPLE_SERVICE,
      url: "https://access.example.com/r/tok_456",
      expiresAt,
    })),
  });
  out.push({
    name: `completion-${lang}`,
    ...(await renderCompletionEmail({ ...common, url: "https://access.example.com/i/tok_123/access" })),
  });
  return out;
}

export async function sampleTeamEmails(): Promise<SampleEmail[]> {
  const link = "https://access.example.com/dashboard/notifications";
  return [
    {
      name: "notification",
      ...(await renderNotificationEmail({
        agencyName: "Acme",
        lines: [`Ada <ada@example.com> granted ${SAMPLE_SERVICE} access`],
        link,
      })),
    },
    {
      name: "digest",
      ...(await renderNotificationEmail({
        agencyName: "Acme",
        lines: ["Request for Ada completed", "Request for Bob expired"],
        link,
        digest: true,
      })),
    },
  ];
}
