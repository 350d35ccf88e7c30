// When the agency's static link can work: it must ask a visitor for something (a service,
// or an intake form that is on and has questions). Pure, so the dashboard's switch and the
// server's check give the same answer.

/** What keeps a link with these settings from working, or null when it can work. */
export function staticLinkMissing(
  services: Record<string, unknown>,
  intake: boolean,
  intakeFormReady: boolean,
): string | null {
  if (Object.keys(services).length > 0) return null;
  if (intake && intakeFormReady) return null;
  if (intake)
    return "The link asks only for the intake form, which is off or has no questions: turn it on and add a question (Intake form page), or choose a service.";
  return "Choose at least one service (or the intake form) before turning the link on.";
}
