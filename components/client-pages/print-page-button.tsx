// "Print" on a client page (from which "Save as PDF"), in the page's language; hidden on the printout.
// A server component like every client page's piece: public/client/print-page.js shows the button
// and prints on a click, so with scripts off no button is shown that would do nothing. The script
// is loaded with the request's CSP nonce, which the page reads (requestNonce) and passes in: the
// button itself stays synchronous, so a page renders whole with any React renderer. React hoists an
// async script into the head, once per page (https://react.dev/reference/react-dom/components/script).
import { secondaryButton } from "@/components/client-pages/styles";
import { CLIENT_SCRIPTS } from "@/lib/surfaces/client-pages/html/client-page-html";

export function PrintPageButton({ label, nonce }: { label: string; nonce: string | undefined }) {
  return (
    <>
      <script async src={CLIENT_SCRIPTS.printPage} nonce={nonce} />
      <button type="button" hidden data-print-page="" className={`${secondaryButton} print:hidden`}>
        {label}
      </button>
    </>
  );
}
