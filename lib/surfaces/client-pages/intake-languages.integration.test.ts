// Intake questions written per language: the editor's add and update keep a Spanish and a
// Dutch wording beside the English one; the client page shows the client's language, or
// English where none is written; an answer keeps the English option as its value, so the
// agency reads one language. The answer goes through the real intake post (HTTP).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { startApiServer } from "@/test/support/api-server";
import {
  locationOf,
  postForm,
  seedAccessAgency,
  seedAccessRequest,
  type TestAgency,
} from "@/test/support/access-fixtures";
import { addIntakeQuestion, getIntakeForm, setIntakeEnabled, updateIntakeQuestion } from "@/lib/core/intake/questions";
import { ZIntakeQuestionInput } from "@/lib/core/intake/question-schemas";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";
import { setIntake } from "@/lib/core/intake/set-intake";
import { clientLanguagesInUse } from "@/lib/core/intake/client-languages";
import { missingLanguages } from "@/lib/core/intake/question-translations";
import { DEMO_QUESTIONS } from "@/lib/runtime/seed/seed-demo";

let server: Awaited<ReturnType<typeof startApiServer>>;
let agency: TestAgency;

beforeAll(async () => {
  server = await startApiServer();
  agency = await seedAccessAgency(["meta"]);
  await setIntakeEnabled({ agencyId: agency.agencyId, enabled: true });
});
afterAll(() => server.close());

const intakeOf = async (token: string) => (await loadAccessPage({ token }))!.intake!.questions;

describe("intake questions per language", () => {
  it("shows each client the question in their language, falling back to English, and stores the English option", async () => {
    let form = await addIntakeQuestion({
      agencyId: agency.agencyId,
      input: ZIntakeQuestionInput.parse({
        type: "single_choice",
        label: "Monthly budget?",
        required: true,
        options: ["Low", "High"],
        translations: {
          Spanish: { label: "¿Presupuesto mensual?", options: ["Bajo", "Alto"] },
          Dutch: { label: "", options: [] },
        },
      }),
    });
    const question = form.questions.at(-1)!;
    // a blank language is not stored: those clients read English
    expect(question.translations).toEqual({ Spanish: { label: "¿Presupuesto mensual?", options: ["Bajo", "Alto"] } });

    const spanish = await seedAccessRequest(agency, {}, { intake: true, language: "Spanish" });
    const dutch = await seedAccessRequest(agency, {}, { intake: true, language: "Dutch" });
    expect((await intakeOf(spanish.token)).find((q) => q.id === question.id)).toMatchObject({
      label: "¿Presupuesto mensual?",
      options: ["Low", "High"],
      optionLabels: ["Bajo", "Alto"],
    });
    expect((await intakeOf(dutch.token)).find((q) => q.id === question.id)).toMatchObject({
      label: "Monthly budget?",
      optionLabels: ["Low", "High"],
    });

    // the editor adds Dutch later
    form = await updateIntakeQuestion({
      agencyId: agency.agencyId,
      id: question.id,
      input: ZIntakeQuestionInput.parse({
        type: "single_choice",
        label: "Monthly budget?",
        required: true,
        options: ["Low", "High"],
        translations: {
          Spanish: { label: "¿Presupuesto mensual?", options: ["Bajo", "Alto"] },
          Dutch: { label: "Maandbudget?", options: ["Laag", ""] },
        },
      }),
    });
    expect(
      (await getIntakeForm({ agencyId: agency.agencyId })).questions.find((q) => q.id === question.id)!.translations
        .Dutch,
    ).toEqual({
      label: "Maandbudget?",
      options: ["Laag", ""],
    });
    // a blank option shows the English one
    expect((await intakeOf(dutch.token)).find((q) => q.id === question.id)).toMatchObject({
      label: "Maandbudget?",
      optionLabels: ["Laag", "High"],
    });

    // the Spanish client answers "Alto": the stored answer is the English option
    const res = await postForm(`${server.url}/api/access/${spanish.token}/intake`, { [`q.${question.id}`]: "High" });
    expect(locationOf(res).searchParams.get("notice")).toBe("intake_submitted");
    const answer = await (
      await getDb()
    ).intakeAnswer.findFirstOrThrow({ where: { requestId: spanish.requestId, questionId: question.id } });
    expect(answer).toMatchObject({ value: "High", questionLabel: "Monthly budget?" });
  });

  it("refuses a translation longer than the limit, naming the field", () => {
    const parsed = ZIntakeQuestionInput.safeParse({
      type: "text",
      label: "Website?",
      translations: { Spanish: { label: "x".repeat(501) } },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(["translations", "Spanish", "label"]);
  });

  it("asks the demo's questions in Spanish and Dutch too", async () => {
    const own = await seedAccessAgency(["meta"]);
    await setIntake({ agencyId: own.agencyId, enabled: true, questions: DEMO_QUESTIONS });
    const spanish = await seedAccessRequest(own, {}, { intake: true, language: "Spanish" });
    const dutch = await seedAccessRequest(own, {}, { intake: true, language: "Dutch" });
    const english = await seedAccessRequest(own, {}, { intake: true });
    expect((await intakeOf(spanish.token)).map((q) => q.label)).toEqual([
      "¿Cuál es el sitio web de tu empresa?",
      "¿Con quién hablamos sobre la facturación?",
    ]);
    expect((await intakeOf(dutch.token)).map((q) => q.label)).toEqual([
      "Wat is de website van je bedrijf?",
      "Met wie nemen we contact op over facturen?",
    ]);
    expect((await intakeOf(english.token)).map((q) => q.label)).toEqual([
      "What is your company's website?",
      "Who should we contact about billing?",
    ]);
  });

  it("tells the editor which languages its clients speak and which questions lack one", async () => {
    const own = await seedAccessAgency(["meta"]);
    expect(await clientLanguagesInUse({ agencyId: own.agencyId })).toEqual([]);
    await seedAccessRequest(own, { meta_ads: { accessLevel: "analyst" } }, { language: "Spanish" });
    await seedAccessRequest(own, { meta_ads: { accessLevel: "analyst" } }, { language: "Spanish" });
    await seedAccessRequest(own, { meta_ads: { accessLevel: "analyst" } }, { language: "English" });
    const inUse = await clientLanguagesInUse({ agencyId: own.agencyId });
    expect(inUse).toEqual([{ language: "Spanish", clients: 2 }]);
    const form = await addIntakeQuestion({
      agencyId: own.agencyId,
      input: ZIntakeQuestionInput.parse({ type: "text", label: "Website?" }),
    });
    const languages = inUse.map((l) => l.language);
    expect(missingLanguages(form.questions.at(-1)!, languages)).toEqual(["Spanish"]);
    const done = await updateIntakeQuestion({
      agencyId: own.agencyId,
      id: form.questions.at(-1)!.id,
      input: ZIntakeQuestionInput.parse({
        type: "text",
        label: "Website?",
        translations: { Spanish: { label: "¿Sitio web?", options: [] } },
      }),
    });
    expect(missingLanguages(done.questions.at(-1)!, languages)).toEqual([]);
  });
});
