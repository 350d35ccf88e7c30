"use client";
// "Print" on a client page (from which "Save as PDF"), in the page's language; hidden on the printout.
import { secondaryButton } from "@/components/client-pages/styles";

export function PrintPageButton({ label }: { label: string }) {
  return (
    <button type="button" className={`${secondaryButton} print:hidden`} onClick={() => window.print()}>
      {label}
    </button>
  );
}
