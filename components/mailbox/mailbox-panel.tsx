"use client";
// The mailbox: the agency's emails (to, subject, status, created) and the selected one's
// body. HTML bodies render in a sandboxed frame with no scripts, so an email can never act
// on the dashboard.
import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { EmailItem } from "@/lib/core/emails/list-emails";
import type { Page } from "@/lib/surfaces/dashboard/dashboard-fetch";
import { useEmail, useEmailList } from "./use-emails";
import { DateTime } from "@/components/ui/date-time";
import { Skeleton } from "@/components/ui/skeleton";

const STATUS_TONE: Record<string, BadgeTone> = { pending: "amber", stored: "blue", sent: "green", failed: "red" };

/** What each email is, in words: never its stored kind. */
const KIND_LABEL: Record<string, string> = {
  invite: "Access request",
  reminder: "Reminder",
  forward: "Handed to a colleague",
  verify_email: "Email address check",
  account_exists: "Sign-up with an existing account",
  notification: "Notification",
  notification_digest: "Notification digest",
  team_invite: "Team invitation",
  removal_link: "Access removal",
  completion: "Request completed: the client's access page",
  platform_setup: "Platform setup",
  password_reset: "Password reset",
  domain_code: "Domain verification code",
  sso_leaver: "Single sign-on account disabled",
};

/** The status in words: "stored" means kept here because no mail server is set up. */
const STATUS_LABEL: Record<string, string> = {
  pending: "Waiting to send",
  stored: "Kept here (no mail server)",
  sent: "Sent",
  failed: "Failed",
};

function kindLabel(kind: string): string {
  return KIND_LABEL[kind] ?? kind.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export function MailboxPanel({ initialPage }: { initialPage: Page<EmailItem> }) {
  const list = useEmailList(initialPage);
  const [openId, setOpenId] = useState<string | null>(null);
  const emails = list.data?.pages.flatMap((p) => p.data) ?? [];

  if (emails.length === 0) {
    return (
      <EmptyState
        title="No emails yet"
        description="Invites and reminders appear here when a request is created with “send email”."
      />
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div>
        <Table caption="Emails">
          <THead>
            <tr>
              <Th>To</Th>
              <Th>Subject</Th>
              <Th>Status</Th>
              <Th>Created</Th>
            </tr>
          </THead>
          <TBody>
            {emails.map((e) => (
              <Tr key={e.id} className={openId === e.id ? "bg-indigo-50" : ""} data-email-to={e.to}>
                <Td className="break-words">{e.to}</Td>
                <Td>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-left text-indigo-700"
                    onClick={() => setOpenId(e.id)}
                    aria-pressed={openId === e.id}
                  >
                    {e.subject}
                  </Button>
                  <span className="block px-2.5 text-xs text-slate-600">{kindLabel(e.kind)}</span>
                </Td>
                <Td>
                  <Badge tone={STATUS_TONE[e.status] ?? "gray"}>{STATUS_LABEL[e.status] ?? e.status}</Badge>
                </Td>
                <Td className="whitespace-nowrap text-slate-600">
                  <DateTime value={e.createdAt} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        <Pagination
          hasMore={!!list.hasNextPage}
          loading={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </div>
      {openId ? (
        <EmailView id={openId} onClose={() => setOpenId(null)} />
      ) : (
        <p className="text-sm text-slate-600">Choose an email to read it.</p>
      )}
    </div>
  );
}

function EmailView({ id, onClose }: { id: string; onClose: () => void }) {
  const { data, isLoading, error } = useEmail(id);
  const [view, setView] = useState<"html" | "text">("html");
  return (
    <Card
      title={data?.subject ?? "Email"}
      description={
        data ? (
          <>
            To {data.to} · <DateTime value={data.createdAt} />
          </>
        ) : undefined
      }
      actions={
        <>
          <Button
            size="sm"
            variant={view === "html" ? "primary" : "secondary"}
            onClick={() => setView("html")}
            aria-pressed={view === "html"}
          >
            HTML
          </Button>
          <Button
            size="sm"
            variant={view === "text" ? "primary" : "secondary"}
            onClick={() => setView("text")}
            aria-pressed={view === "text"}
          >
            Text
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {isLoading ? <Skeleton lines={2} title={false} label="Loading email" /> : null}
      {error ? <p className="text-sm text-red-700">{error.message}</p> : null}
      {data?.lastError ? <p className="mb-2 text-sm text-red-700">Last error: {data.lastError}</p> : null}
      {data ? (
        view === "html" ? (
          <iframe
            title={`Email: ${data.subject}`}
            sandbox=""
            srcDoc={data.html}
            className="h-[32rem] w-full rounded-lg border border-slate-200 bg-white"
            data-testid="email-html"
          />
        ) : (
          <pre
            tabIndex={0}
            className="max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-800"
            data-testid="email-text"
          >
            {data.text}
          </pre>
        )
      ) : null}
    </Card>
  );
}
