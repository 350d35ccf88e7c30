// POST: the client's intake form answers, from the access page.
import { accessFormRoute, pagePath } from "@/lib/surfaces/client-pages/access-http";
import { submitIntake } from "@/lib/surfaces/client-pages/submit-intake";

export const POST = accessFormRoute<{ token: string }>(
  { rateKey: (p) => p.token, back: (p, surface) => pagePath(surface, p.token) },
  async ({ params: { token }, form, surface }) => {
    await submitIntake({ token, values: (name) => form.getAll(name) });
    return pagePath(surface, token, { notice: "intake_submitted" });
  },
);
