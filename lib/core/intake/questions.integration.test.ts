// The dashboard's intake form editing against a real database: input rules, order,
// archiving of answered questions, tenancy and concurrent edits.
import { describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { getDb } from "@/lib/infra/db/db";
import { ApiError } from "@/lib/core/common/api-error";
import { ZIntakeQuestionInput } from "@/lib/core/intake/question-schemas";
import {
  addIntakeQuestion,
  getIntakeForm,
  moveIntakeQuestion,
  removeIntakeQuestion,
  setIntakeEnabled,
  updateIntakeQuestion,
} from "@/lib/core/intake/questions";

const text = (label: string) => ZIntakeQuestionInput.parse({ type: "text", label });

async function rejects(p: Promise<unknown>, code: string, field?: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).code).toBe(code);
  if (field) expect((err as ApiError).details.map((d) => d.field)).toContain(field);
}

describe("ZIntakeQuestionInput", () => {
  it("accepts every type and drops options from text questions", () => {
    expect(ZIntakeQuestionInput.parse({ type: "long_text", label: " Goals? ", options: ["x"] })).toEqual({
      type: "long_text",
      label: "Goals?",
      required: false,
      options: [],
      translations: {},
    });
    expect(
      ZIntakeQuestionInput.parse({ type: "single_choice", label: "Budget", required: true, options: ["Low", "High"] })
        .options,
    ).toEqual(["Low", "High"]);
  });

  it("refuses choice questions without two distinct options, empty labels and unknown types", () => {
    const issues = (v: unknown) => (ZIntakeQuestionInput.safeParse(v).error?.issues ?? []).map((i) => i.path.join("."));
    expect(issues({ type: "multiple_choice", label: "Pick", options: ["One"] })).toEqual(["options"]);
    expect(issues({ type: "single_choice", label: "Pick", options: ["A", "a"] })).toEqual(["options.1"]);
    expect(issues({ type: "text", label: "   " })).toEqual(["label"]);
    expect(issues({ type: "date", label: "When" })).toEqual(["type"]);
    expect(issues({ type: "text", label: "x".repeat(501) })).toEqual(["label"]);
    expect(issues({ type: "text", label: "ok", extra: 1 })).toEqual([""]);
  });
});

describe("intake form editing", () => {
  it("adds, edits, moves and removes questions, keeping positions dense", async () => {
    const agency = await createAgency({ name: "Intake Co" });
    const agencyId = agency.id;
    expect(await getIntakeForm({ agencyId })).toEqual({ enabled: false, questions: [] });

    await addIntakeQuestion({ agencyId, input: text("Website?") });
    await addIntakeQuestion({
      agencyId,
      input: ZIntakeQuestionInput.parse({
        type: "single_choice",
        label: "Budget",
        required: true,
        options: ["Low", "High"],
      }),
    });
    let form = await addIntakeQuestion({ agencyId, input: text("Anything else?") });
    expect(form.questions.map((q) => [q.label, q.position])).toEqual([
      ["Website?", 0],
      ["Budget", 1],
      ["Anything else?", 2],
    ]);
    const [first, second, third] = form.questions;

    form = await moveIntakeQuestion({ agencyId, id: third!.id, direction: "up" });
    expect(form.questions.map((q) => q.label)).toEqual(["Website?", "Anything else?", "Budget"]);
    // already first: nothing moves
    form = await moveIntakeQuestion({ agencyId, id: first!.id, direction: "up" });
    expect(form.questions.map((q) => q.label)).toEqual(["Website?", "Anything else?", "Budget"]);
    form = await moveIntakeQuestion({ agencyId, id: first!.id, direction: "down" });
    expect(form.questions.map((q) => q.label)).toEqual(["Anything else?", "Website?", "Budget"]);

    form = await updateIntakeQuestion({
      agencyId,
      id: second!.id,
      input: ZIntakeQuestionInput.parse({ type: "multiple_choice", label: "Budgets", options: ["A", "B", "C"] }),
    });
    expect(form.questions.find((q) => q.id === second!.id)).toMatchObject({
      type: "multiple_choice",
      label: "Budgets",
      required: false,
      options: ["A", "B", "C"],
    });

    const removed = await removeIntakeQuestion({ agencyId, id: third!.id });
    expect(removed.archived).toBe(false);
    expect(removed.questions.map((q) => [q.label, q.position])).toEqual([
      ["Website?", 0],
      ["Budgets", 1],
    ]);
    const db = await getDb();
    expect(await db.intakeQuestion.count({ where: { id: third!.id } })).toBe(0);

    form = await setIntakeEnabled({ agencyId, enabled: true });
    expect(form.enabled).toBe(true);
    expect(form.questions).toHaveLength(2);
  });

  it("archives an answered question instead of deleting it", async () => {
    const agency = await createAgency({ name: "Answered Co" });
    const agencyId = agency.id;
    const form = await addIntakeQuestion({ agencyId, input: text("Your website?") });
    const q = form.questions[0]!;
    const db = await getDb();
    const client = await db.client.create({
      data: { agencyId, name: "C", email: "c@example.com", emailNormalized: "c@example.com" },
    });
    const request = await db.accessRequest.create({
      data: { agencyId, clientId: client.id, source: "dashboard", inviteToken: `tok-${agencyId}` },
    });
    await db.intakeAnswer.create({
      data: {
        agencyId,
        requestId: request.id,
        questionId: q.id,
        questionLabel: q.label,
        questionType: q.type,
        value: "example.com",
      },
    });

    expect((await getIntakeForm({ agencyId })).questions[0]!.answered).toBe(true);
    const after = await removeIntakeQuestion({ agencyId, id: q.id });
    expect(after.archived).toBe(true);
    expect(after.questions).toEqual([]);
    const row = await db.intakeQuestion.findUniqueOrThrow({ where: { id: q.id } });
    expect(row.archivedAt).not.toBeNull();
    // an archived question can no longer be edited or moved
    await rejects(updateIntakeQuestion({ agencyId, id: q.id, input: text("x") }), "NOT_FOUND");
    await rejects(moveIntakeQuestion({ agencyId, id: q.id, direction: "down" }), "NOT_FOUND");
  });

  it("treats another agency's questions as missing", async () => {
    const a = await createAgency({ name: "Tenant A" });
    const b = await createAgency({ name: "Tenant B" });
    const q = (await addIntakeQuestion({ agencyId: a.id, input: text("A's question") })).questions[0]!;
    await rejects(updateIntakeQuestion({ agencyId: b.id, id: q.id, input: text("hijack") }), "NOT_FOUND");
    await rejects(removeIntakeQuestion({ agencyId: b.id, id: q.id }), "NOT_FOUND");
    await rejects(moveIntakeQuestion({ agencyId: b.id, id: "not-a-uuid", direction: "up" }), "NOT_FOUND");
    await rejects(getIntakeForm({ agencyId: "00000000-0000-4000-8000-000000000000" }), "NOT_FOUND");
    expect((await getIntakeForm({ agencyId: a.id })).questions.map((x) => x.label)).toEqual(["A's question"]);
  });

  it("keeps positions distinct under concurrent additions and refuses the 51st question", async () => {
    const agency = await createAgency({ name: "Busy Co" });
    const agencyId = agency.id;
    await Promise.all(Array.from({ length: 6 }, (_, i) => addIntakeQuestion({ agencyId, input: text(`Q${i}`) })));
    const form = await getIntakeForm({ agencyId });
    expect(form.questions.map((q) => q.position)).toEqual([0, 1, 2, 3, 4, 5]);

    const db = await getDb();
    await db.intakeQuestion.createMany({
      data: Array.from({ length: 44 }, (_, i) => ({
        agencyId,
        type: "text",
        label: `Bulk ${i}`,
        options: [],
        position: 6 + i,
      })),
    });
    await rejects(addIntakeQuestion({ agencyId, input: text("One too many") }), "LIMIT_REACHED");
  });
});
