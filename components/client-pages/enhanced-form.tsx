"use client";
// A plain HTML form that, once JavaScript runs, posts itself with fetch and shows the
// server's refusals next to the fields without losing what the client typed. Without
// JavaScript the same form posts normally and the page shows the errors after the
// redirect. Field messages go into elements marked `data-error-for="<field name>"`.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { REFUSAL_IN_BODY_HEADER } from "@/lib/surfaces/client-pages/refusal-in-body";

interface Refusal {
  message?: string;
  fields?: Record<string, string>;
}

function showErrors(form: HTMLFormElement, error: Refusal) {
  for (const el of form.querySelectorAll<HTMLElement>("[data-error-for]")) el.textContent = "";
  for (const el of form.querySelectorAll<HTMLElement>("[aria-invalid]")) el.removeAttribute("aria-invalid");
  let first: HTMLElement | null = null;
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(name)}"]`);
    if (slot) slot.textContent = message;
    for (const input of form.querySelectorAll<HTMLElement>(`[name="${CSS.escape(name)}"]`)) {
      input.setAttribute("aria-invalid", "true");
      first ??= input;
    }
  }
  const summary = form.querySelector<HTMLElement>("[data-form-error]");
  if (summary) summary.textContent = error.message ?? "";
  (first ?? summary)?.focus();
}

export function EnhancedForm({
  action,
  className,
  children,
}: {
  action: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);

  // The server's messages are in the client's language; the browser's own would not be.
  useEffect(() => {
    if (ref.current) ref.current.noValidate = true;
  }, []);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setBusy(true);
    try {
      const body = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (typeof v === "string") body.append(k, v);
      // an expected refusal comes back as 200 with ok: false, so the browser logs no failed request
      const res = await fetch(action, {
        method: "POST",
        headers: { accept: "application/json", [REFUSAL_IN_BODY_HEADER]: "1" },
        body,
      });
      const answer = (await res.json()) as { ok: boolean; location?: string; error?: Refusal };
      if (answer.ok && answer.location) {
        window.location.assign(answer.location);
        return;
      }
      if (answer.error?.fields && Object.keys(answer.error.fields).length > 0) showErrors(form, answer.error);
      else if (answer.location) window.location.assign(answer.location);
      else showErrors(form, answer.error ?? {});
    } catch {
      // Network trouble: fall back to the plain post, which reports on the page.
      form.submit();
      return;
    }
    setBusy(false);
  }

  return (
    <form ref={ref} action={action} method="post" className={className} onSubmit={onSubmit} aria-busy={busy}>
      {children}
    </form>
  );
}
