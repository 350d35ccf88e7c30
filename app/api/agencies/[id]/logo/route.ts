// GET: the agency's logo for the client pages and emails. Public like the pages that
// show it; only the image types branding accepts are served, never sniffed as anything
// else. The URL carries a version, so a cached copy can be kept for long.
import { getDb } from "@/lib/infra/db/db";

import { UUID } from "@/lib/core/common/uuid";
const SERVED_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  const notFound = () =>
    new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  if (!UUID.test(id)) return notFound();
  const agency = await (
    await getDb()
  ).agency.findUnique({ where: { id }, select: { logoData: true, logoMimeType: true, updatedAt: true } });
  if (!agency?.logoData || !agency.logoMimeType || !SERVED_TYPES.has(agency.logoMimeType)) return notFound();
  const versioned = new URL(req.url).searchParams.get("v") === String(agency.updatedAt.getTime());
  return new Response(new Uint8Array(agency.logoData), {
    headers: {
      "Content-Type": agency.logoMimeType,
      "Content-Length": String(agency.logoData.length),
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
