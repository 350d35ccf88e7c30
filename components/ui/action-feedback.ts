"use client";
// What a page does with a server action's result. One place per error: errors on a field
// go back to the form, shown next to the field; a toast only for what has no field (a role
// that may not act, a conflict, the network). A success clears the error toasts left from
// earlier tries. The session's end returns to sign-in.
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { clearToasts, toast } from "@/components/ui/toaster";

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
    clearToasts("error");
    if (opts.success) toast.success(opts.success);
    opts.onFieldErrors?.({});
    return result.data;
  }
  if (result.code === "UNAUTHENTICATED") {
    toast.error(result.error);
    window.location.assign(loginUrlForHere());
    return null;
  }
  const fieldErrors = result.fieldErrors ?? {};
  opts.onFieldErrors?.(fieldErrors);
  if (opts.onFieldErrors && Object.keys(fieldErrors).length > 0) {
    // the form shows them beside their fields; an older toast would now contradict it
    clearToasts("error");
    return null;
  }
  toast.error(result.status === 403 ? `Not allowed: ${result.error}` : result.error);
  return null;
}

/** Runs an action call, turning a network failure into the same toast instead of a crash. */
export async function runAction<T>(
  call: () => Promise<ActionResult<T>>,
  opts: ActionFeedbackOptions = {},
): Promise<T | null> {
  let result: ActionResult<T>;
  try {
    result = await call();
  } catch {
    toast.error("Could not reach the server. Check your connection and try again.");
    return null;
  }
  return actionFeedback(result, opts);
}
