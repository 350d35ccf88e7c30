// The address of the app's built stylesheet (Tailwind, from app/globals.css through the root
// layout), for the client pages rendered as plain HTML outside the framework's pages. The
// build names it by its content hash; the build's client reference manifest of the root
// not-found page records it under the root layout. Read once per process.
import { readFileSync } from "node:fs";
import path from "node:path";

const MANIFESTS = [
  // `next build` (and the standalone server, which keeps the same layout)
  ".next/server/app/_not-found/page_client-reference-manifest.js",
  // `next dev`
  ".next/dev/server/app/_not-found/page_client-reference-manifest.js",
];

let cached: string | null | undefined;

export function stylesheetHref(): string | null {
  if (cached !== undefined) return cached;
  for (const file of MANIFESTS) {
    let text: string;
    try {
      text = readFileSync(path.join(process.cwd(), file), "utf8");
    } catch {
      continue;
    }
    const css = /"\[project\]\/app\/layout":\[\{"path":"([^"]+\.css)"/.exec(text)?.[1];
    if (css) {
      cached = `/_next/${css}`;
      return cached;
    }
  }
  // not built yet (a dev server before its first page): unstyled, and asked again next time
  return null;
}
