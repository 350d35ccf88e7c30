// at: components/client-pages/print-button.tsx
// breaks: no-restricted-syntax
"use client";
// A client component among the client pages' components: the HTML renderer cannot call it.
export function PrintButton() {
  return (
    <button type="button" onClick={() => window.print()}>
      Print
    </button>
  );
}
