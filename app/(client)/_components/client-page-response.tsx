// What the client pages' route handlers share: the query string as the pages read it, and
// the plain 404 for an unknown link, decided before any of the page is sent.
import { LinkNotFound } from "@/app/(client)/_components/link-not-found";
import { renderClientPage } from "@/lib/surfaces/client-pages/html/client-page-html";
import { localeFromAcceptLanguage } from "@/lib/surfaces/client-pages/page-locale";

export type SearchParams = Record<string, string | undefined>;

/** The query string, the first value of each name. */
export function searchParamsOf(request: Request): SearchParams {
  const params: SearchParams = {};
  for (const [k, v] of new URL(request.url).searchParams) params[k] ??= v;
  return params;
}

/** The same plain words for any unknown link, in the browser's language, naming nothing. */
export function linkNotFoundResponse(request: Request): Promise<Response> {
  return renderClientPage({
    locale: localeFromAcceptLanguage(request.headers.get("accept-language")),
    title: "Access request",
    body: <LinkNotFound />,
    status: 404,
  });
}
