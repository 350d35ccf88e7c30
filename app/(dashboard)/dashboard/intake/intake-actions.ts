"use server";
// Intake form page actions (Manager and above): on/off and question edits.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import {
  addIntakeQuestion,
  moveIntakeQuestion,
  removeIntakeQuestion,
  setIntakeEnabled,
  updateIntakeQuestion,
} from "@/lib/core/intake/questions";
import { ZIntakeQuestionInput, ZMoveIntakeQuestion } from "@/lib/core/intake/question-schemas";

export const setIntakeEnabledAction = dashboardAction(
  "intake:write",
  z.strictObject({ enabled: z.boolean() }),
  (input, ctx) => setIntakeEnabled({ agencyId: ctx.agencyId, enabled: input.enabled }),
  "intake.toggled",
);

export const addIntakeQuestionAction = dashboardAction(
  "intake:write",
  ZIntakeQuestionInput,
  (input, ctx) => addIntakeQuestion({ agencyId: ctx.agencyId, input }),
  "intake.question_added",
);

export const updateIntakeQuestionAction = dashboardAction(
  "intake:write",
  z.strictObject({ id: zUuid(), question: ZIntakeQuestionInput }),
  (input, ctx) => updateIntakeQuestion({ agencyId: ctx.agencyId, id: input.id, input: input.question }),
  "intake.question_updated",
);

export const moveIntakeQuestionAction = dashboardAction(
  "intake:write",
  ZMoveIntakeQuestion,
  (input, ctx) => moveIntakeQuestion({ agencyId: ctx.agencyId, id: input.id, direction: input.direction }),
  "intake.question_moved",
);

export const removeIntakeQuestionAction = dashboardAction(
  "intake:write",
  z.strictObject({ id: zUuid() }),
  (input, ctx) => removeIntakeQuestion({ agencyId: ctx.agencyId, id: input.id }),
  "intake.question_removed",
);
