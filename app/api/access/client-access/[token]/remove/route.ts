// POST: "Remove" on a line of the client's access page, or "Remove everything" (a plain HTML
// form). Without `confirm=1` nothing is removed: back to the page's confirmation, which lists
// exactly what goes and posts again with `confirm=1`. Once confirmed: to the removal link's page
// when only that is left to do, to the receipt when everything was done at once, else back to
// the access page with what happened.
import { limitAccess, readForm, seeOther } from "@/lib/surfaces/client-pages/access-http";
import { removeFromClientPage } from "@/lib/surfaces/client-pages/client-access/client-access-flow";

export const dynamic = "force-dynamic";

export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  const page = `/i/${encodeURIComponent(token)}/access`;
  let form: URLSearchParams;
  try {
    await limitAccess(`client-access:${token}`);
    form = await readForm(req);
  } catch {
    return seeOther(`${page}?error=invalid`);
  }
  const all = form.get("all") === "1";
  const line = form.get("line");
  if (form.get("confirm") !== "1") {
    if (!all && !line) return seeOther(`${page}?error=invalid`);
    return seeOther(`${page}?${new URLSearchParams({ remove: all ? "all" : line! }).toString()}#confirm`);
  }
  const result = await removeFromClientPage({ token, line, all });
  if ("error" in result) {
    if (result.error === "not_found") return new Response("Not found", { status: 404 });
    return seeOther(`${page}?error=invalid`);
  }
  // only a sign-in is left to do: straight to the removal link; only a receipt to show: to the receipt
  if (result.removed === 0 && result.failed === 0 && result.manual === 0 && result.links.length === 1)
    return seeOther(new URL(result.links[0]!.url).pathname);
  if (result.receipt && result.manual === 0 && result.links.length === 0)
    return seeOther(new URL(result.receipt.url).pathname);
  const params = new URLSearchParams({
    removed: String(result.removed),
    failed: String(result.failed),
    manual: String(result.manual),
    links: String(result.links.length),
    ...(result.receipt ? { receipt: result.receipt.code } : {}),
  });
  return seeOther(`${page}?${params.toString()}`);
}
