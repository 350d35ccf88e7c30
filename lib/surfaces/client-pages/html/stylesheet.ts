// The address of the app's built stylesheet (Tailwind, from app/globals.css through the root
// layout), for the client pages rendered as plain HTML outside the framework's pages. The
// build names it by its content hash; the build's client reference manifest of the root
// not-found page records it under the root layout. Read once per process in production;
// on every page in development, where it changes with the code (`next dev` writes it once
// it has compiled any page: until then the client pages are unstyled).
import { readFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/infra/env";

const BUILD_MANIFEST = ".next/server/app/_not-found/page_client-reference-manifest.js";
const DEV_MANIFEST = ".next/dev/server/app/_not-found/page_client-reference-manifest.js";

let cached: string | null = null;

function readHref(file: string): string | null {
  let text: string;
  try {
    // a build file read at run time, not a module: kept out of the output's file tracing,
    // which would otherwise copy the whole project into the standalone server
    text = readFileSync(path.join(/* turbopackIgnore: true */ process.cwd(), file), "utf8");
  } catch {
    return null;
  }
  const css = /"\[project\]\/app\/layout":\[\{"path":"([^"]+\.css)"/.exec(text)?.[1];
  return css ? `/_next/${css}` : null;
}

export function stylesheetHref(): string | null {
  if (env().NODE_ENV === "development") return readHref(DEV_MANIFEST);
  cached ??= readHref(BUILD_MANIFEST);
  return cached;
}
