// Writes every email template, in every language, as HTML and plain-text files to look at
// in a browser: npm run email:preview [-- <folder>] (default .data/email-preview).
import fs from "node:fs";
import path from "node:path";
import {
  SAMPLE_LANGUAGES,
  sampleEmails,
  sampleTeamEmails,
  type SampleEmail,
} from "@/lib/runtime/email-preview/email-samples";

const dir = path.resolve(process.argv[2] ?? ".data/email-preview");
fs.mkdirSync(dir, { recursive: true });
const all: SampleEmail[] = [];
for (const lang of Object.keys(SAMPLE_LANGUAGES) as (keyof typeof SAMPLE_LANGUAGES)[])
  all.push(...(await sampleEmails(lang)));
all.push(...(await sampleTeamEmails()));
for (const mail of all) {
  fs.writeFileSync(path.join(dir, `${mail.name}.html`), mail.html);
  fs.writeFileSync(path.join(dir, `${mail.name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
}
fs.writeFileSync(
  path.join(dir, "index.html"),
  `<!doctype html><meta charset="utf-8"><title>Email previews</title><ul>${all.map((m) => `<li><a href="${m.name}.html">${m.name}</a> (<a href="${m.name}.txt">text</a>)</li>`).join("")}</ul>`,
);
console.log(`${all.length} emails written to ${dir} (open index.html)`);
