// The sandbox consent screen's sign-in: which request its signed state is for, and so the
// agency's name and the client's language. The page and the root layout's `<html lang>`
// read it from the same state, so the document and its text speak one language.
import { verifyState } from "@/lib/infra/connectors/oauth-state";
import { getDb } from "@/lib/infra/db/db";
import { localeForLanguage, type Locale } from "@/lib/infra/i18n/dictionary";
import { appSecret } from "@/lib/infra/secrets/secrets";

export type SandboxSignIn = { agencyName: string; locale: Locale };

/** The sign-in a consent screen's state and platform stand for; null when they are not a valid pair. */
export async function findSandboxSignIn(
  state: string | null | undefined,
  platform: string | null | undefined,
): Promise<SandboxSignIn | null> {
  if (!state || !platform) return null;
  const verified = verifyState(state, appSecret());
  if (!verified.ok) return null;
  const request = await (
    await getDb()
  ).accessRequest.findUnique({
    where: { id: verified.payload.requestId },
    select: {
      agency: { select: { name: true } },
      client: { select: { language: true } },
      services: { where: { serviceId: verified.payload.serviceId }, select: { platform: true } },
    },
  });
  if (!request || request.services[0]?.platform !== platform) return null;
  return { agencyName: request.agency.name, locale: localeForLanguage(request.client.language) };
}
