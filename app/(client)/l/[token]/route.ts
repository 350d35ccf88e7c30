// The agency's static access link, as plain HTML (app/(client)/_components/static-link-page.tsx).
import { staticLinkResponse } from "@/app/(client)/_components/static-link-page";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return staticLinkResponse(request, (await params).token);
}
