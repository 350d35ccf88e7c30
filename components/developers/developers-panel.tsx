"use client";
// The developers page body: the base URL, a first call to copy (with a placeholder key) with
// curl and with the SDK, and the API reference, which loads on its own after the page.
import dynamic from "next/dynamic";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";

const ApiReference = dynamic(() => import("@/components/developers/api-reference"), {
  ssr: false,
  loading: () => (
    <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">Loading the API reference…</p>
  ),
});

export const PLACEHOLDER_KEY = "ark_YOUR_API_KEY";

export function curlExample(baseUrl: string): string {
  return `curl ${baseUrl}/me \\\n  -H "Authorization: Bearer ${PLACEHOLDER_KEY}"`;
}

/** The same first call with the typed SDK, and a webhook receiver in a few lines. */
export function sdkExample(baseUrl: string): string {
  return `import { createAccessRequestsClient, createWebhookHandler } from "@access-requests/sdk";

const api = createAccessRequestsClient({ baseUrl: "${baseUrl}", apiKey: "${PLACEHOLDER_KEY}" });
const me = await api.me(); // typed; errors throw AccessRequestsError with code and requestId

// Webhooks: verify the raw body, skip duplicates, get typed events.
const handle = createWebhookHandler({ secret: "whsec_...", onEvent: (event) => console.log(event.type) });
// const { status, body } = await handle(rawBody, headers["service-signature"]);`;
}

export function DevelopersPanel({ baseUrl, specUrl }: { baseUrl: string; specUrl: string }) {
  const curl = curlExample(baseUrl);
  const sdk = sdkExample(baseUrl);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Base URL" description="Every V2 endpoint is under this address.">
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-900"
              data-testid="api-base-url"
            >
              {baseUrl}
            </code>
            <CopyButton value={baseUrl} />
          </div>
          <p className="mt-3 text-sm text-slate-600">
            The OpenAPI document:{" "}
            <a className="text-indigo-700 underline" href={specUrl}>
              {specUrl}
            </a>
          </p>
        </Card>
        <Card
          title="Your first call"
          description="Checks which agency and scopes a key has. Replace the placeholder with a key."
        >
          <pre
            tabIndex={0}
            className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100"
            data-testid="curl-example"
          >
            <code>{curl}</code>
          </pre>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <CopyButton value={curl} label="Copy command" />
            <Link href="/dashboard/api-keys" className="text-sm text-indigo-700 underline">
              Create an API key
            </Link>
            <Link href="/dashboard/webhooks" className="text-sm text-indigo-700 underline">
              Add a webhook
            </Link>
          </div>
        </Card>
      </div>
      <Card
        title="With the TypeScript SDK"
        description="@access-requests/sdk (sdk/ in the repository): typed calls, automatic Idempotency-Key on creates, retries of 429 and 503, every page of a list, and the webhook receiver helper. Examples for Express, Next.js and node:http are in examples/."
      >
        <pre
          tabIndex={0}
          className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100"
          data-testid="sdk-example"
        >
          <code>{sdk}</code>
        </pre>
        <div className="mt-3">
          <CopyButton value={sdk} label="Copy code" />
        </div>
      </Card>
      <section aria-labelledby="api-reference-heading">
        <h2 id="api-reference-heading" className="mb-2 text-base font-semibold text-slate-900">
          API reference
        </h2>
        <ApiReference specUrl={specUrl} baseUrl={baseUrl} />
      </section>
    </div>
  );
}
