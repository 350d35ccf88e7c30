// Receiving webhook events with a plain node:http server: collect the raw body, hand it and the
// signature header to the SDK's handler, answer with its status.
//   WEBHOOK_SECRET=whsec_... PORT=4000 npx tsx examples/node-http-receiver.ts
import http from "node:http";
import { pathToFileURL } from "node:url";
import { createWebhookHandler, type WebhookEvent } from "@access-requests/sdk";

export function createReceiverServer(opts: { secret: string | string[]; onEvent: (event: WebhookEvent) => unknown }) {
  const handle = createWebhookHandler({ secret: opts.secret, onEvent: opts.onEvent });
  return http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/webhooks") return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const result = await handle(Buffer.concat(chunks), req.headers["service-signature"] as string | undefined);
      res.writeHead(result.status, { "Content-Type": "text/plain" }).end(result.body);
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const server = createReceiverServer({
    secret: (process.env.WEBHOOK_SECRET ?? "").split(",").filter(Boolean),
    onEvent: (event) => console.log(event.type, event.id),
  });
  server.listen(Number(process.env.PORT ?? 4000), () =>
    console.log(`listening on :${process.env.PORT ?? 4000}/webhooks`),
  );
}
