// POST: the client hands services to a colleague (forward), takes a forward back
// (take-back) or emails its link again (resend), from the access page's forms.
import { accessFormRoute, pagePath } from "@/lib/surfaces/client-pages/access-http";
import { applyForwardAction } from "@/lib/surfaces/client-pages/apply-forward-action";

type Params = { token: string; action: string };

export const POST = accessFormRoute<Params>(
  { rateKey: (p) => p.token, back: (p, surface) => pagePath(surface, p.token) },
  async ({ params: { token, action }, form, surface }) => {
    const result = await applyForwardAction({ token, action, form });
    return pagePath(surface, token, { notice: result.notice, service: result.serviceId });
  },
);
