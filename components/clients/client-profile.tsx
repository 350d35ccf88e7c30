"use client";
// The client page's sections below the details: granted access per platform (role, date,
// who granted), intake answers, staff notes with a form, and the activity timeline.
import { useState } from "react";
import Link from "next/link";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { TClientNote } from "@/lib/core/clients/client-notes";
import type { TClientProfile } from "@/lib/surfaces/dashboard/get-client-profile";
import { Badge, statusLabel } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { DateTime } from "@/components/ui/date-time";
import { Textarea } from "@/components/ui/textarea";

const TONE_CLASS = { good: "bg-green-600", bad: "bg-red-600", neutral: "bg-slate-400" } as const;

export function ClientProfileSections({
  profile,
  canWrite,
  addNote,
  clientId,
  onNoteAdded,
}: {
  profile: TClientProfile;
  canWrite: boolean;
  addNote: (input: { clientId: string; body: string }) => Promise<ActionResult<TClientNote>>;
  clientId: string;
  onNoteAdded: () => unknown;
}) {
  const byPlatform = new Map<string, TClientProfile["assets"]>();
  for (const a of profile.assets) byPlatform.set(a.platformName, [...(byPlatform.get(a.platformName) ?? []), a]);
  return (
    <div className="mt-6 grid grid-cols-1 gap-6">
      <section aria-labelledby="client-access">
        <h2 id="client-access" className="mb-2 text-base font-semibold">
          Granted access
        </h2>
        {profile.assets.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing granted yet.</p>
        ) : (
          [...byPlatform.entries()].map(([platform, assets]) => (
            <div key={platform} className="mb-4 rounded-xl border border-slate-200 bg-white">
              {/* a phone gets one block per asset, every column in it (a table would hide "By" off-screen) */}
              <div className="sm:hidden" data-testid="granted-access-list">
                <h3 className="px-3 pt-3 text-sm font-semibold text-slate-900">{platform}</h3>
                <ul className="divide-y divide-slate-100">
                  {assets.map((a, i) => (
                    <li key={`${a.requestId}-${a.service}-${a.assetId}-${i}`} className="px-3 py-2 text-sm">
                      <p className="font-medium text-slate-900">{a.assetName ?? (a.assetId || "—")}</p>
                      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-slate-700">
                        <dt className="text-slate-600">Service</dt>
                        <dd className="break-words">{a.service}</dd>
                        <dt className="text-slate-600">Role</dt>
                        <dd>{a.role ?? "—"}</dd>
                        <dt className="text-slate-600">Granted</dt>
                        <dd>{a.grantedAt ? <DateTime value={a.grantedAt} /> : "—"}</dd>
                        <dt className="text-slate-600">By</dt>
                        <dd className="break-words">{a.grantedBy}</dd>
                      </dl>
                    </li>
                  ))}
                </ul>
              </div>
              <table className="hidden w-full text-left text-sm sm:table">
                <caption className="px-3 pt-3 text-left font-semibold text-slate-900">{platform}</caption>
                <thead>
                  <tr className="text-xs uppercase tracking-wide text-slate-600">
                    <th scope="col" className="px-3 py-2">
                      Service
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Asset
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Role
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Granted
                    </th>
                    <th scope="col" className="px-3 py-2">
                      By
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {assets.map((a, i) => (
                    <tr key={`${a.requestId}-${a.service}-${a.assetId}-${i}`} className="border-t border-slate-100">
                      <td className="px-3 py-2">{a.service}</td>
                      <td className="break-words px-3 py-2">{a.assetName ?? (a.assetId || "—")}</td>
                      <td className="px-3 py-2">{a.role ?? "—"}</td>
                      <td className="px-3 py-2">{a.grantedAt ? <DateTime value={a.grantedAt} /> : "—"}</td>
                      <td className="break-words px-3 py-2">{a.grantedBy}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))
        )}
      </section>

      <section aria-labelledby="client-request-status">
        <h2 id="client-request-status" className="mb-2 text-base font-semibold">
          Services by request
        </h2>
        {profile.requests.length === 0 ? (
          <p className="text-sm text-slate-600">No requests yet.</p>
        ) : (
          <ul className="space-y-2">
            {profile.requests.map((r) => (
              <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Link href={`/dashboard/requests/${r.id}`} className="font-medium text-indigo-700 hover:underline">
                    Request of <DateTime value={r.createdAt} style="date" />
                  </Link>
                  <Badge status={r.status} />
                </div>
                <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
                  {r.services.map((s) => (
                    <li key={s.serviceId}>
                      {s.name}: {statusLabel(s.status)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Intake answers">
          {profile.answers.length === 0 ? (
            <p className="text-sm text-slate-600">No intake answers.</p>
          ) : (
            <dl className="space-y-2 text-sm">
              {profile.answers.map((a, i) => (
                <div key={`${a.requestId}-${i}`}>
                  <dt className="font-medium text-slate-900">{a.question}</dt>
                  <dd className="whitespace-pre-wrap text-slate-700">{a.answer || "—"}</dd>
                </div>
              ))}
            </dl>
          )}
        </Card>
        <NotesCard
          notes={profile.notes}
          canWrite={canWrite}
          addNote={addNote}
          clientId={clientId}
          onNoteAdded={onNoteAdded}
        />
      </div>

      <section aria-labelledby="client-activity">
        <h2 id="client-activity" className="mb-2 text-base font-semibold">
          Activity
        </h2>
        {profile.activity.length === 0 ? (
          <p className="text-sm text-slate-600">No activity yet.</p>
        ) : (
          <ol className="space-y-2 text-sm" data-testid="client-activity">
            {profile.activity.map((e) => (
              <li key={e.id} className="flex items-start gap-2">
                <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${TONE_CLASS[e.tone]}`} />
                <span>
                  {e.text}{" "}
                  <span className="text-slate-600">
                    · <DateTime value={e.createdAt} />
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function NotesCard({
  notes,
  canWrite,
  addNote,
  clientId,
  onNoteAdded,
}: {
  notes: TClientNote[];
  canWrite: boolean;
  addNote: (input: { clientId: string; body: string }) => Promise<ActionResult<TClientNote>>;
  clientId: string;
  onNoteAdded: () => unknown;
}) {
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Card title="Notes">
      {canWrite ? (
        <form
          className="mb-3 space-y-2"
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            const res = await addNote({ clientId, body });
            setBusy(false);
            if (!res.ok) return setError(res.fieldErrors?.body ?? res.error);
            setError(null);
            setBody("");
            await onNoteAdded();
          }}
        >
          <Field id="client-note" label="Add a note">
            <Textarea
              id="client-note"
              value={body}
              onChange={(e) => setBody(e.target.value)}
              rows={3}
              maxLength={5000}
            />
          </Field>
          <FormAlert message={error} />
          <Button type="submit" size="sm" busy={busy}>
            Save note
          </Button>
        </form>
      ) : null}
      {notes.length === 0 ? (
        <p className="text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ul className="space-y-2 text-sm" data-testid="client-notes">
          {notes.map((n) => (
            <li key={n.id}>
              <p className="whitespace-pre-wrap text-slate-900">{n.body}</p>
              <p className="text-xs text-slate-600">
                {n.authorName} · <DateTime value={n.createdAt} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
