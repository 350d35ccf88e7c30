"use client";
// Opens the browser's print dialog (from which "Save as PDF"); hidden on the printout.
import { Button } from "@/components/ui/button";

export function PrintButton() {
  return (
    <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
      Print or save as PDF
    </Button>
  );
}
