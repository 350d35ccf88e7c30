// Checks intake answer validation: required flags, length limits, choices, and which
// answers are kept.
import { describe, expect, it } from "vitest";
import { answerField, parseIntakeAnswers, type IntakeQuestionRule } from "@/lib/surfaces/client-pages/intake-answers";

const questions: IntakeQuestionRule[] = [
  { id: "q1", type: "text", label: "Website", required: true, options: [] },
  { id: "q2", type: "long_text", label: "Story", required: false, options: [] },
  { id: "q3", type: "single_choice", label: "Budget", required: false, options: ["Low", "High"] },
  { id: "q4", type: "multiple_choice", label: "Channels", required: false, options: ["A", "B"] },
];

const form = (values: Record<string, string | string[]>) => (name: string) => {
  const v = values[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

describe("parseIntakeAnswers", () => {
  it("keeps answered questions, trimmed, with choices deduplicated", () => {
    const parsed = parseIntakeAnswers(questions, form({ "q.q1": " site ", "q.q2": "a\r\nb", "q.q4": ["B", "B", "A"] }));
    expect(parsed.ok && parsed.answers.map((a) => [a.question.id, a.value])).toEqual([
      ["q1", "site"],
      ["q2", "a\nb"],
      ["q4", ["B", "A"]],
    ]);
  });

  it("reports each problem as a field error code", () => {
    const parsed = parseIntakeAnswers(
      questions,
      form({ "q.q1": "x".repeat(1001), "q.q2": "y".repeat(5001), "q.q3": "Huge", "q.q4": ["C"] }),
    );
    expect(parsed).toEqual({
      ok: false,
      fields: { "q.q1": "tooLong1000", "q.q2": "tooLong5000", "q.q3": "invalidOption", "q.q4": "invalidOption" },
    });
  });

  it("enforces required answers by type", () => {
    const required = questions.map((q) => ({ ...q, required: true }));
    const parsed = parseIntakeAnswers(required, form({ "q.q1": "   " }));
    expect(parsed).toEqual({
      ok: false,
      fields: { "q.q1": "required", "q.q2": "required", "q.q3": "chooseOne", "q.q4": "chooseAtLeastOne" },
    });
    expect(answerField("abc")).toBe("q.abc");
  });

  it("accepts 1000 and 5000 characters exactly", () => {
    expect(parseIntakeAnswers(questions, form({ "q.q1": "x".repeat(1000), "q.q2": "y".repeat(5000) })).ok).toBe(true);
  });
});
