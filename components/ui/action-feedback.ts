"use client";
// What a page does with a server action's result: a toast for failures (403 for a role that
// may not act, and every other error), a return to sign-in when the session has ended, and
// the data or field errors handed back to the form.
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { toast } from "@/components/ui/toaster";

export function loginUrlForHere(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `/login?callbackUrl=${encodeURIComponent(here)}`;
}

export interface ActionFeedbackOptions {
  /** toast shown on success */
  success?: string;
  /** receives per-field errors (keys are the API's `details[].field`) */
  onFieldErrors?: (fieldErrors: Record<string, string>) => void;
}

/** Returns the data on success, null on failure (after telling the user). */
export function actionFeedback<T>(result: ActionResult<T>, opts: ActionFeedbackOptions = {}): T | null {
  if (result.ok) {
    if (opts.success) toast.success(opts.success);
    opts.onFieldErrors?.({});
    return result.data;
  }
  if (result.code === "UNAUTHENTICATED") {
    toast.error(result.error);
    window.location.assign(loginUrlForHere());
    return null;
  }
  opts.onFieldErrors?.(result.fieldErrors ?? {});
  toast.error(result.status === 403 ? `403 Forbidden: ${result.error}` : result.error);
  return null;
}

/** Runs an action call, turning a network failure into the same toast instead of a crash. */
export async function runAction<T>(call: () => Promise<ActionResult<T>>, opts: ActionFeedbackOptions = {}): Promise<T | null> {
  let result: ActionResult<T>;
  try {
    result = await call();
  } catch {
    toast.error("Could not reach the server. Check your connection and try again.");
    return null;
  }
  return actionFeedback(result, opts);
}
