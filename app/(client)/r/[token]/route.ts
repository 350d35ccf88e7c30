// The client's removal link: one platform's access to remove, in the client's language, as
// plain HTML (app/(client)/_components/removal-link-page.tsx).
import { createElement } from "react";
import { RemovalLinkPage } from "@/app/(client)/_components/removal-link-page";
import { linkNotFoundResponse, searchParamsOf } from "@/app/(client)/_components/client-page-response";
import { renderClientPage } from "@/lib/surfaces/client-pages/html/client-page-html";
import { loadRemovalPage } from "@/lib/surfaces/client-pages/removal/removal-link-flow";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const page = await loadRemovalPage({ token });
  if (!page) return linkNotFoundResponse(request);
  return renderClientPage({
    locale: page.locale,
    title: "Remove access",
    noReferrer: true,
    body: createElement(RemovalLinkPage, { token, page, query: searchParamsOf(request) }),
  });
}
