// The same request for an iframe on the agency's site: no agency header, and sign-ins
// open in a popup (next.config.ts and proxy.ts allow any site to frame /embed/* only).
import { accessPageResponse } from "@/app/(client)/_components/access-page";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return accessPageResponse(request, (await params).token, "embed");
}
