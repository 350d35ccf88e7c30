// The whole integration in one script: register a webhook pointing at a receiver this script
// runs, create a client and an access request, wait for `request.completed` through webhooks,
// and print the granted assets.
//
//   ACCESS_API_URL=http://localhost:3000 ACCESS_API_KEY=ark_... npx tsx examples/end-to-end.ts --play-sandbox-client
//
// The receiver listens on 127.0.0.1, so the instance must allow loopback webhooks
// (WEBHOOK_ALLOW_LOOPBACK=1, development only). In a real integration the client opens
// `inviteUrl` and grants access; with the sandbox platforms (the embedded database's default)
// `--play-sandbox-client` plays that part: it signs in on the sandbox consent screen and
// grants the first asset, over the same HTTP the client's browser would use.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import {
  createAccessRequestsClient,
  createStateVersionGuard,
  createWebhookHandler,
  type AccessRequest,
  type WebhookEvent,
} from "@access-requests/sdk";

export interface EndToEndOptions {
  baseUrl: string;
  apiKey: string;
  playSandboxClient?: boolean;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export async function runEndToEnd(opts: EndToEndOptions): Promise<AccessRequest> {
  const log = opts.log ?? console.log;
  const sdk = createAccessRequestsClient({ baseUrl: opts.baseUrl, apiKey: opts.apiKey });

  // 1. A receiver; its handler is set once the webhook's secret is known.
  const guard = createStateVersionGuard();
  let latest: AccessRequest | undefined;
  let completed!: (request: AccessRequest) => void;
  const done = new Promise<AccessRequest>((resolve) => (completed = resolve));
  const onEvent = async (event: WebhookEvent) => {
    log(`event ${event.type} ${event.id}`);
    if (event.type === "client.created" || event.type === "webhook.test") return;
    if (await guard.accept(event.data.request)) latest = event.data.request; // never store an older snapshot
    if (event.type === "request.completed") completed(event.data.request);
  };
  const receiver: { handle?: ReturnType<typeof createWebhookHandler> } = {};
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const result = receiver.handle
        ? await receiver.handle(Buffer.concat(chunks), req.headers["service-signature"] as string | undefined)
        : { status: 503, body: "not ready" };
      res.writeHead(result.status).end(result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const webhook = await sdk.webhooks.create({
    url: `http://127.0.0.1:${port}/webhooks`,
    events: ["request.created", "service.granted", "request.completed", "request.updated"],
  });
  receiver.handle = createWebhookHandler({ secret: webhook.secret, onEvent });
  log(`webhook ${webhook.id} -> http://127.0.0.1:${port}/webhooks`);

  try {
    // 2. A client and a request for one service the agency has an account for.
    const [services, accounts] = await Promise.all([sdk.services.list(), sdk.accounts.list()]);
    const pick = services
      .filter(
        (s) => s.grantMethod === "automatic" && s.clientSignInRequired && s.accountLinkFields.every((f) => !f.required),
      )
      .map((s) => ({
        service: s,
        account: accounts.find((a) => a.status === "connected" && a.services.includes(s.id)),
      }))
      .find((p) => p.account);
    if (!pick)
      throw new Error("No connected account can receive an automatic service: connect one in the dashboard first.");
    const client = await sdk.clients.create({
      name: "Example Client",
      email: "owner@example.com",
      company: "Example Co",
    });
    const request = await sdk.requests.create({
      clientId: client.id,
      requestedServices: {
        [pick.service.id]: {
          accessLevel: pick.service.roles[0]?.value,
          requestedAccountLinks: [{ internalAccountId: pick.account!.internalAccountId }],
        },
      },
    });
    log(`request ${request.id} for ${pick.service.id}: send the client ${request.inviteUrl}`);

    // 3. The client grants access (here played on the sandbox, if asked).
    if (opts.playSandboxClient) await playSandboxClient(opts.baseUrl, request.inviteUrl, pick.service.id);

    // 4. Wait for request.completed through the webhook, then print what was granted.
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("timed out waiting for request.completed")), opts.timeoutMs ?? 60_000).unref(),
    );
    const finished = await Promise.race([done, timeout]);
    for (const s of finished.services)
      for (const asset of s.grantedAssets)
        log(`granted ${s.service}: ${asset.name ?? asset.id} (${asset.id}) as ${asset.accessLevel ?? "default"}`);
    return latest && latest.stateVersion > finished.stateVersion ? latest : finished;
  } finally {
    await sdk.webhooks.delete(webhook.id).catch(() => {});
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The client's part on the sandbox platforms: "Grant access", Allow on the consent screen, pick the first asset. */
async function playSandboxClient(baseUrl: string, inviteUrl: string, serviceId: string) {
  const base = baseUrl.replace(/\/+$/, "").replace(/\/api\/v2$/, "");
  const token = new URL(inviteUrl).pathname.split("/").pop()!;
  const location = async (res: Response) => new URL(res.headers.get("location") ?? "", base);
  const consent = await location(
    await fetch(`${base}/api/access/${token}/connect/${serviceId}`, { redirect: "manual" }),
  );
  if (consent.pathname !== "/sandbox/consent")
    throw new Error("not a sandbox platform: grant through the invite link instead");
  const code = `sandbox-code:${consent.searchParams.get("platform")}`;
  const picker = await location(
    await fetch(
      `${base}/api/access/callback?state=${encodeURIComponent(consent.searchParams.get("state")!)}&code=${encodeURIComponent(code)}`,
      { redirect: "manual" },
    ),
  );
  const session = picker.searchParams.get("session");
  if (!session) throw new Error("the sandbox sign-in did not reach the asset picker");
  const grant = await fetch(`${base}/api/access/${token}/services/${serviceId}/grant`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ session, asset: `${serviceId}_1001` }),
  });
  if (grant.status !== 303) throw new Error(`the sandbox grant answered ${grant.status}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const baseUrl = process.env.ACCESS_API_URL ?? "http://localhost:3000";
  const apiKey = process.env.ACCESS_API_KEY;
  if (!apiKey) throw new Error("Set ACCESS_API_KEY to an API key created in the dashboard.");
  runEndToEnd({ baseUrl, apiKey, playSandboxClient: process.argv.includes("--play-sandbox-client") }).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
