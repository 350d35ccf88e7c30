// Intake form: the questions clients answer when a request asks for the form.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { IntakePanel } from "@/components/intake/intake-panel";
import { PageHeader } from "@/components/ui/page-header";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { getIntakeForm } from "@/lib/core/intake/questions";
import { clientLanguagesInUse } from "@/lib/core/intake/client-languages";
import {
  addIntakeQuestionAction,
  moveIntakeQuestionAction,
  removeIntakeQuestionAction,
  setIntakeEnabledAction,
  updateIntakeQuestionAction,
} from "./intake-actions";

export const metadata: Metadata = { title: "Intake form" };

export default async function IntakePage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Fintake");
  const [form, languagesInUse] = await Promise.all([
    getIntakeForm({ agencyId: ctx.agencyId }),
    clientLanguagesInUse({ agencyId: ctx.agencyId }),
  ]);
  return (
    <>
      <PageHeader
        title="Intake form"
        description="Turn the form on or off, and add, edit, reorder or remove its questions."
      />
      <IntakePanel
        initialForm={form}
        canWrite={can(ctx.role, "intake:write")}
        languagesInUse={languagesInUse}
        actions={{
          setEnabled: setIntakeEnabledAction,
          add: addIntakeQuestionAction,
          update: updateIntakeQuestionAction,
          move: moveIntakeQuestionAction,
          remove: removeIntakeQuestionAction,
        }}
      />
    </>
  );
}
