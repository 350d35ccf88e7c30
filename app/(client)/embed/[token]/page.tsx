// The same request for an iframe on the agency's site: no agency header, and sign-ins
// open in a popup (next.config.ts allows any site to frame /embed/* only).
import type { Metadata } from "next";
import { AccessPage, accessPageMetadata, type SearchParams } from "@/app/(client)/_components/access-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accessPageMetadata((await params).token);
}

export default async function EmbedPage({ params, searchParams }: Props) {
  return <AccessPage token={(await params).token} surface="embed" searchParams={await searchParams} />;
}
