"use client";
// The developers page body: the base URL, a first call to copy (with a placeholder key),
// and the API reference, which loads on its own after the page.
import dynamic from "next/dynamic";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";

const ApiReference = dynamic(() => import("@/components/developers/api-reference"), {
  ssr: false,
  loading: () => <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">Loading the API reference…</p>,
});

export const PLACEHOLDER_KEY = "ark_YOUR_API_KEY";

export function curlExample(baseUrl: string): string {
  return `curl ${baseUrl}/me \\\n  -H "Authorization: Bearer ${PLACEHOLDER_KEY}"`;
}

export function DevelopersPanel({ baseUrl, specUrl }: { baseUrl: string; specUrl: string }) {
  const curl = curlExample(baseUrl);
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Base URL" description="Every V2 endpoint is under this address.">
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-900" data-testid="api-base-url">
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
        <Card title="Your first call" description="Checks which agency and scopes a key has. Replace the placeholder with a key.">
          <pre tabIndex={0} className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100" data-testid="curl-example">
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
      <section aria-labelledby="api-reference-heading">
        <h2 id="api-reference-heading" className="mb-2 text-base font-semibold text-slate-900">
          API reference
        </h2>
        <ApiReference specUrl={specUrl} baseUrl={baseUrl} />
      </section>
    </div>
  );
}
