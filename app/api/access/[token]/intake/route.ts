// POST: the client's intake form answers, from the access page. A refusal of a plain form
// (JavaScript off) answers with the page itself, every answer as typed and each error beside
// its field; the enhanced form gets its JSON answer as every action does.
import { accessPageResponse } from "@/app/(client)/_components/access-page";
import { accessFormRoute, pagePath } from "@/lib/surfaces/client-pages/access-http";
import { intakeDraftOf } from "@/lib/surfaces/client-pages/intake-answers";
import { submitIntake } from "@/lib/surfaces/client-pages/submit-intake";

export const POST = accessFormRoute<{ token: string }>(
  {
    rateKey: (p) => p.token,
    back: (p, surface) => pagePath(surface, p.token),
    refusedPage: async ({ req, params, form, surface, error, location }) => {
      // the answers' own refusals; a form that could not be read at all goes back as codes
      const draft = intakeDraftOf(form);
      if (error.code !== "invalid_input" || Object.keys(draft).length === 0) return null;
      const searchParams = Object.fromEntries(new URL(location, "http://page.invalid").searchParams);
      return accessPageResponse(req, params.token, surface, {
        searchParams,
        intakeDraft: draft,
        status: error.status,
      });
    },
  },
  async ({ params: { token }, form, surface }) => {
    await submitIntake({ token, values: (name) => form.getAll(name) });
    return pagePath(surface, token, { notice: "intake_submitted" });
  },
);
