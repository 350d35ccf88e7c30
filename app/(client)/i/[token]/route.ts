// The client's invite link: the access request in the client's language, as plain HTML.
import { accessPageResponse } from "@/app/(client)/_components/access-page";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return accessPageResponse(request, (await params).token, "invite");
}
