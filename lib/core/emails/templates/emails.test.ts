// The emails as they are sent, in English, Spanish and Dutch: snapshots of the subject, the
// plain-text part and the HTML part of every template, and escaping by construction (names
// with markup in them come out as text, the link keeps its query, the colour is the agency's).
import { describe, expect, it } from "vitest";
import { SAMPLE_LANGUAGES, sampleEmails, sampleTeamEmails } from "@/lib/runtime/email-preview/email-samples";

describe.each(Object.keys(SAMPLE_LANGUAGES) as (keyof typeof SAMPLE_LANGUAGES)[])("client emails in %s", (lang) => {
  it("match their snapshots", async () => {
    for (const mail of await sampleEmails(lang)) {
      expect(mail.subject).toMatchSnapshot(`${mail.name} subject`);
      expect(mail.text).toMatchSnapshot(`${mail.name} text`);
      expect(mail.html).toMatchSnapshot(`${mail.name} html`);
    }
  });

  it("escape what the agency and the client typed, and keep the link whole", async () => {
    for (const mail of await sampleEmails(lang)) {
      expect(mail.html).toMatch(/^<!DOCTYPE html/i);
      expect(mail.html).toContain(`lang="${lang}"`);
      expect(mail.html).not.toContain("<Agency>");
      expect(mail.html).toContain("Acme &lt;Agency&gt; &amp; Co");
      expect(mail.html).toContain("background:#0f766e");
      expect(mail.text).not.toContain("&lt;");
      expect(mail.text).toContain("https://access.example.com/");
    }
    const [invite] = await sampleEmails(lang);
    expect(invite!.html).toContain('href="https://access.example.com/i/tok_123?a=1&amp;b=2"');
    expect(invite!.text).toContain("https://access.example.com/i/tok_123?a=1&b=2");
  });
});

describe("team emails", () => {
  it("match their snapshots and escape the lines", async () => {
    for (const mail of await sampleTeamEmails()) {
      expect(mail.subject).toMatchSnapshot(`${mail.name} subject`);
      expect(mail.text).toMatchSnapshot(`${mail.name} text`);
      expect(mail.html).toMatchSnapshot(`${mail.name} html`);
    }
    const [one] = await sampleTeamEmails();
    expect(one!.html).toContain("Ada &lt;ada@example.com&gt; granted Google Ads access");
  });
});
