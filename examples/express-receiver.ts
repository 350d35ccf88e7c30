// Receiving webhook events with Express: the raw body (not express.json(), which would
// re-serialise it and break the signature) goes to the SDK's handler, which verifies, parses,
// skips duplicates and calls onEvent once per event id.
//   WEBHOOK_SECRET=whsec_... PORT=4000 npx tsx examples/express-receiver.ts
import express from "express";
import { pathToFileURL } from "node:url";
import { createWebhookHandler, type WebhookEvent } from "@access-requests/sdk";

export function createReceiverApp(opts: { secret: string | string[]; onEvent: (event: WebhookEvent) => unknown }) {
  const handle = createWebhookHandler({ secret: opts.secret, onEvent: opts.onEvent });
  const app = express();
  app.post("/webhooks", express.raw({ type: "application/json" }), async (req, res) => {
    const result = await handle(req.body as Buffer, req.get("service-signature"));
    res.status(result.status).type("text/plain").send(result.body);
  });
  return app;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const app = createReceiverApp({
    secret: (process.env.WEBHOOK_SECRET ?? "").split(",").filter(Boolean),
    onEvent: (event) => console.log(event.type, event.id),
  });
  app.listen(Number(process.env.PORT ?? 4000), () => console.log(`listening on :${process.env.PORT ?? 4000}/webhooks`));
}
