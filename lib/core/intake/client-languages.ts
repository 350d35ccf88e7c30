// Which of the languages an intake question can be written in (Spanish, Dutch) the agency's
// clients speak, with how many clients each: the intake editor warns about a question
// without wording in one of them, since those clients would read it in English.
import { getDb } from "@/lib/infra/db/db";
import { TRANSLATED_LANGUAGES, type ClientLanguage } from "@/lib/core/intake/question-translations";

export async function clientLanguagesInUse(opts: { agencyId: string }): Promise<ClientLanguage[]> {
  const groups = await (
    await getDb()
  ).client.groupBy({
    by: ["language"],
    where: { agencyId: opts.agencyId, language: { in: [...TRANSLATED_LANGUAGES] } },
    _count: { _all: true },
  });
  return TRANSLATED_LANGUAGES.flatMap((language) => {
    const clients = groups.find((g) => g.language === language)?._count._all ?? 0;
    return clients > 0 ? [{ language, clients }] : [];
  });
}
