// Builds the client pages' stylesheet, public/client/client.css: the app's Tailwind entry
// (app/globals.css) compiled with Tailwind's own PostCSS plugin over the same sources the
// framework's build scans (the project folder), so the client pages, rendered as plain HTML
// outside the framework's pages (docs/decisions/0006-client-pages-as-html.md), link a file of
// our own at a fixed address instead of one the framework names in its private build files.
// `npm run build` and the Dockerfile run it before `next build` (which copies public/ into the
// output); `npm run dev` runs it in watch mode around `next dev`.
//
//   node scripts/client-css.mjs                         build once
//   node scripts/client-css.mjs --watch-with <cmd...>   build, run <cmd...> (next dev) and rebuild
//                                                        on every change under app/, components/
//                                                        and lib/ until <cmd> exits
//
// Tailwind's PostCSS plugin and its options (`base`, the folder scanned for class names;
// `optimize`, minified output): https://tailwindcss.com/docs/installation/using-postcss and
// node_modules/@tailwindcss/postcss/dist/index.d.ts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postcss from "postcss";
import tailwindcss from "@tailwindcss/postcss";

const ROOT = path.resolve(import.meta.dirname, "..");
const ENTRY = path.join(ROOT, "app", "globals.css");
const OUT = path.join(ROOT, "public", "client", "client.css");
const WATCHED = ["app", "components", "lib"];

async function build({ optimize }) {
  const source = fs.readFileSync(ENTRY, "utf8");
  const result = await postcss([tailwindcss({ base: ROOT, optimize })]).process(source, { from: ENTRY, to: OUT });
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  // written whole and then renamed, so a server never reads half a file
  fs.writeFileSync(`${OUT}.tmp`, result.css);
  fs.renameSync(`${OUT}.tmp`, OUT);
}

const args = process.argv.slice(2);
if (args.length === 0) {
  await build({ optimize: true });
  process.stdout.write(`${path.relative(ROOT, OUT)}\n`);
} else if (args[0] === "--watch-with" && args.length > 1) {
  await build({ optimize: false });
  const child = spawn(args[1], args.slice(2), { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  let timer;
  let running = Promise.resolve();
  const rebuild = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running
        .then(() => build({ optimize: false }))
        .catch((err) => process.stderr.write(`client-css: ${err.message}\n`));
    }, 100);
  };
  // fs.watch's recursive option: https://nodejs.org/docs/latest-v24.x/api/fs.html#fswatchfilename-options-listener
  const watchers = WATCHED.map((dir) =>
    fs.watch(path.join(ROOT, dir), { recursive: true }, (_event, file) => {
      if (file && /\.(tsx?|css|mjs)$/.test(file)) rebuild();
    }),
  );
  child.on("exit", (code, signal) => {
    for (const w of watchers) w.close();
    clearTimeout(timer);
    process.exit(code ?? (signal ? 1 : 0));
  });
} else {
  process.stderr.write("usage: node scripts/client-css.mjs [--watch-with <command> [args...]]\n");
  process.exit(2);
}
