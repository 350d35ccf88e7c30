"use client";
// The invite link, the embed link and a ready iframe snippet, each with a copy button.
import { CopyButton } from "@/components/ui/copy-button";
import { Card } from "@/components/ui/card";

export function iframeSnippet(embedUrl: string): string {
  return `<iframe src="${embedUrl}" title="Grant access" width="100%" height="760" style="border:0" allow="clipboard-write"></iframe>`;
}

function LinkRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</p>
      <div className="mt-1 flex items-start gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1.5 text-xs text-slate-800">
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}

export function RequestLinks({ inviteUrl, embedUrl }: { inviteUrl: string; embedUrl: string }) {
  return (
    <Card title="Links" description="Send the invite link, or embed the page in your own site.">
      <div className="space-y-3">
        <LinkRow label="Invite link" value={inviteUrl} testId="invite-url" />
        <LinkRow label="Embed link" value={embedUrl} testId="embed-url" />
        <LinkRow label="Iframe snippet" value={iframeSnippet(embedUrl)} testId="iframe-snippet" />
      </div>
    </Card>
  );
}
