"use client";
// The invite link at the top of a request: Copy, Email (a ready message in the user's mail
// app, in the client's language) and Embed (the iframe snippet, with the script that resizes it to its content).
import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Button, buttonClasses } from "@/components/ui/button";

export function iframeSnippet(embedUrl: string): string {
  const origin = new URL(embedUrl).origin;
  return [
    `<iframe id="access-request" src="${embedUrl}" title="Grant access" width="100%" height="760" style="border:0" allow="clipboard-write"></iframe>`,
    `<script>`,
    `window.addEventListener("message", function (e) {`,
    `  if (e.origin !== "${origin}" || !e.data || e.data.type !== "access-request.resize") return;`,
    `  document.getElementById("access-request").style.height = e.data.height + "px";`,
    `});`,
    `</script>`,
  ].join("\n");
}

/** The "Email" button's address: the message is written in the client's language by the server. */
export function inviteMailto(clientEmail: string, message: { subject: string; body: string }): string {
  return `mailto:${encodeURIComponent(clientEmail)}?subject=${encodeURIComponent(message.subject)}&body=${encodeURIComponent(message.body)}`;
}

export function InviteLinkBar({
  inviteUrl,
  embedUrl,
  clientEmail,
  message,
}: {
  inviteUrl: string;
  embedUrl: string;
  clientEmail: string;
  /** the email's subject and body, in the client's language */
  message: { subject: string; body: string };
}) {
  const [embedOpen, setEmbedOpen] = useState(false);
  const snippet = iframeSnippet(embedUrl);
  return (
    <div className="w-full sm:w-auto" data-testid="invite-link-bar">
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="invite-url"
          className="max-w-full break-all rounded bg-slate-100 px-2 py-1.5 text-xs text-slate-800 sm:max-w-xs sm:truncate"
        >
          {inviteUrl}
        </code>
        <CopyButton value={inviteUrl} label="Copy link" variant="primary" />
        <a href={inviteMailto(clientEmail, message)} className={buttonClasses("secondary", "sm")}>
          Email
        </a>
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={embedOpen}
          aria-controls="embed-snippet"
          onClick={() => setEmbedOpen((v) => !v)}
        >
          Embed
        </Button>
      </div>
      {embedOpen ? (
        <div id="embed-snippet" className="mt-2 rounded-lg border border-slate-200 bg-white p-3 text-left">
          <p className="text-xs text-slate-600">
            Paste into your site: the frame grows and shrinks with the page inside it.
          </p>
          <pre
            tabIndex={0}
            aria-label="Embed snippet"
            data-testid="iframe-snippet"
            className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs text-slate-800"
          >
            {snippet}
          </pre>
          <div className="mt-2 flex flex-wrap gap-2">
            <CopyButton value={snippet} label="Copy snippet" />
            <CopyButton value={embedUrl} label="Copy embed link" />
          </div>
          <code data-testid="embed-url" className="sr-only">
            {embedUrl}
          </code>
        </div>
      ) : null}
    </div>
  );
}
