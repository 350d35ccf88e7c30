// Small readers of the server's HTML for the journey model's driver and checks: elements by
// their stable attributes (data-*, form actions, input names), never by English text. The
// pages are React's server output, so attributes are always double-quoted.

export interface Element {
  tag: string;
  attrs: Record<string, string>;
  /** the element's whole HTML, start tag to end tag */
  html: string;
  /** what is between its start and end tags */
  inner: string;
}

const VOID = new Set(["input", "meta", "link", "br", "img", "hr", "source"]);

function decode(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

function attrsOf(startTag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of startTag.matchAll(/\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?/g))
    attrs[m[1]!] = decode(m[2] ?? "");
  return attrs;
}

/** Every `tag` element whose start tag matches `where` (attributes), with its content. */
export function findAll(html: string, tag: string, where: (attrs: Record<string, string>) => boolean = () => true) {
  const out: Element[] = [];
  const start = new RegExp(`<${tag}(?=[\\s>/])[^>]*>`, "g");
  for (const m of html.matchAll(start)) {
    const attrs = attrsOf(m[0]);
    if (!where(attrs)) continue;
    const from = m.index;
    const bodyFrom = from + m[0].length;
    if (VOID.has(tag) || m[0].endsWith("/>")) {
      out.push({ tag, attrs, html: m[0], inner: "" });
      continue;
    }
    // the matching end tag, counting nested elements of the same name
    const scan = new RegExp(`<${tag}(?=[\\s>/])[^>]*>|</${tag}>`, "g");
    scan.lastIndex = bodyFrom;
    let depth = 1;
    let end = html.length;
    for (let n = scan.exec(html); n; n = scan.exec(html)) {
      depth += n[0].startsWith("</") ? -1 : 1;
      if (depth === 0) {
        end = n.index;
        break;
      }
    }
    out.push({ tag, attrs, html: html.slice(from, end + tag.length + 3), inner: html.slice(bodyFrom, end) });
  }
  return out;
}

export function findOne(html: string, tag: string, where: (attrs: Record<string, string>) => boolean) {
  return findAll(html, tag, where)[0] ?? null;
}

/** The text a reader sees: no scripts, styles or tags, entities decoded, spaces folded. */
export function visibleText(html: string): string {
  return decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** The `lang` of the page's <html> element. */
export function pageLang(html: string): string | null {
  return /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? null;
}

export function pageTitle(html: string): string {
  return decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
}

/** A form's fields as a browser would send them with nothing changed: hidden inputs and checked boxes. */
export function formFields(form: Element): [string, string][] {
  const fields: [string, string][] = [];
  for (const input of findAll(form.inner, "input")) {
    const { name, type = "text", value = "" } = input.attrs;
    if (!name) continue;
    if ((type === "checkbox" || type === "radio") && !("checked" in input.attrs)) continue;
    if (type === "submit" || type === "button") continue;
    fields.push([name, value]);
  }
  for (const button of findAll(form.inner, "button", (a) => !!a.name))
    fields.push([button.attrs.name!, button.attrs.value ?? ""]);
  return fields;
}

/** The hrefs of links in `html` whose path matches `pattern`. */
export function hrefs(html: string, pattern: RegExp): string[] {
  return findAll(html, "a")
    .map((a) => a.attrs.href ?? "")
    .filter((h) => pattern.test(h));
}
