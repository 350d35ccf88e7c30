// Receiving webhook events in a Next.js route handler, e.g. app/api/webhooks/route.ts:
//
//   export const POST = webhookRoute({ secret: process.env.WEBHOOK_SECRET!, onEvent });
//
// `request.text()` is the raw body the signature covers. Route handlers run on the Node.js
// runtime (the verifier uses node:crypto).
import { createWebhookHandler, type WebhookEvent } from "@access-requests/sdk";

export function webhookRoute(opts: { secret: string | string[]; onEvent: (event: WebhookEvent) => unknown }) {
  const handle = createWebhookHandler({ secret: opts.secret, onEvent: opts.onEvent });
  return async function POST(request: Request): Promise<Response> {
    const result = await handle(await request.text(), request.headers.get("service-signature"));
    return new Response(result.body, { status: result.status, headers: { "Content-Type": "text/plain" } });
  };
}
