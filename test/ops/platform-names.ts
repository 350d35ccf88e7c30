// Finds platform names in production code outside the platforms' folders and their
// registries: each platform's id as a whole string literal ("snapchat") and its display name
// as a word ("Snapchat") in string literals, template text and JSX text. Comments are not
// read (a comment may name a platform as an example), nor are import paths. The names come
// from the registry of manifests, so a new platform is checked without editing anything.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { PLATFORM_MANIFESTS } from "@/lib/infra/connectors/platforms";

/** Production code: the app's own tiers, tests left out. */
export const PRODUCTION_ROOTS = ["app", "components", "lib", "proxy.ts"];
/** Where platform names belong: the registries of lib/infra/connectors. */
const REGISTRIES = ["platforms.ts", "registry.ts", "site-registry.ts"].map((f) => `lib/infra/connectors/${f}`);
/**
 * The one other home of names platforms share: the identity providers the agency's own
 * people sign in with (Google, Microsoft), which are not platforms a client grants.
 */
const STAFF_SIGN_IN = "lib/infra/sso/";
/**
 * Words that are a platform's name and also mean something else, where they mean the other
 * thing: the API document's "Meta" tag groups the endpoints about the document itself.
 */
export const HOMONYMS: readonly { name: string; files: readonly string[] }[] = [
  {
    name: "Meta",
    files: [
      "lib/surfaces/v2/openapi/openapi-document.ts",
      "lib/surfaces/v2/openapi/registry.ts",
      "lib/surfaces/v2/openapi/postman-collection.ts",
    ],
  },
];

/** Whether a finding (`file:line: name`) is a homonym's other meaning, where it has that meaning. */
export function isHomonym(finding: string): boolean {
  const [file] = finding.split(":");
  return HOMONYMS.some((h) => finding.endsWith(`: ${h.name}`) && h.files.includes(file!));
}

export interface PlatformName {
  /** the platform's id, matched as a whole string literal */
  readonly id: string;
  /** its display name, matched as a word */
  readonly name: string;
}

export const PLATFORM_NAMES: readonly PlatformName[] = PLATFORM_MANIFESTS.map((m) => ({ id: m.id, name: m.name }));

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `file:line: <name>` for every platform name in the text of one source file. */
export function findPlatformNames(file: string, text: string, names: readonly PlatformName[]): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const words = names.map((n) => ({ ...n, word: new RegExp(`(?<![\\w-])${escape(n.name)}(?![\\w-])`) }));
  const found: string[] = [];
  const report = (node: ts.Node, name: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${file}:${line}: ${name}`);
  };
  const visit = (node: ts.Node): void => {
    const parent = node.parent as ts.Node | undefined;
    const isModulePath =
      parent !== undefined &&
      (ts.isImportDeclaration(parent) ||
        ts.isExportDeclaration(parent) ||
        ts.isExternalModuleReference(parent) ||
        (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword));
    if (!isModulePath) {
      let text: string | undefined;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        text = node.text;
        for (const n of names) if (text === n.id) report(node, n.id);
      } else if (
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        ts.isJsxText(node)
      ) {
        text = node.text;
      }
      if (text !== undefined) for (const n of words) if (n.word.test(text)) report(node, n.name);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}

/** Production .ts/.tsx files outside the platforms' folders and the registries, relative to root. */
export function productionFiles(root: string): string[] {
  const folders = new Set(PLATFORM_MANIFESTS.map((m) => `lib/infra/connectors/${m.id}/`));
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(root, rel);
    if (fs.statSync(abs).isDirectory()) {
      for (const entry of fs.readdirSync(abs)) walk(path.posix.join(rel, entry));
      return;
    }
    if (!/\.tsx?$/.test(rel) || /\.test\.tsx?$/.test(rel) || rel.endsWith(".d.ts")) return;
    if (REGISTRIES.includes(rel) || rel.startsWith(STAFF_SIGN_IN) || [...folders].some((f) => rel.startsWith(f)))
      return;
    out.push(rel);
  };
  for (const r of PRODUCTION_ROOTS) if (fs.existsSync(path.join(root, r))) walk(r);
  return out;
}
