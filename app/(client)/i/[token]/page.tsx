// The client's invite link: the access request in the client's language.
import type { Metadata } from "next";
import { AccessPage, accessPageMetadata, type SearchParams } from "@/app/(client)/_components/access-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accessPageMetadata((await params).token);
}

export default async function InvitePage({ params, searchParams }: Props) {
  return <AccessPage token={(await params).token} surface="invite" searchParams={await searchParams} />;
}
