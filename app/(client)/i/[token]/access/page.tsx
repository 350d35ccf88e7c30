// The client's own access page: everything they (or colleagues they handed services to)
// granted the agency, each line's state at the last check, "Remove" per line and "Remove
// everything". In the client's language, printable, no agency-internal data.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AccessShell } from "@/components/client-pages/access-shell";
import { MessageBox } from "@/components/client-pages/message-box";
import { PrintPageButton } from "@/components/client-pages/print-page-button";
import { requestNonce } from "@/lib/surfaces/client-pages/html/client-page-html";
import { primaryButton, secondaryButton } from "@/components/client-pages/styles";
import { PlatformLogo } from "@/components/ui/platform-logo";
import { DateTime } from "@/components/ui/date-time";
import { accentColors } from "@/lib/surfaces/client-pages/accent-color";
import {
  loadClientAccessPage,
  planRemoval,
  type ClientAccessLineView,
  type ClientAccessPage,
  type RemovalPlan,
} from "@/lib/surfaces/client-pages/client-access/client-access-flow";
import { clientAccessText } from "@/lib/infra/i18n/client-access-messages";
import { normalizeReceiptCode } from "@/lib/core/removal-receipts/receipt-code";
import type { Locale } from "@/lib/infra/i18n/dictionary";
import { timeAgo } from "@/lib/infra/i18n/relative-time";

export const dynamic = "force-dynamic";
// The link is the key: keep it out of search engines and other sites' referrers.

/** One read per request for the title and the page. */
const pageFor = cache((token: string) => loadClientAccessPage({ token }));

/** The tab's title in the client's language, like the page. */
export async function generateMetadata({ params }: Pick<Props, "params">): Promise<Metadata> {
  const page = await pageFor((await params).token);
  const title = page ? clientAccessText(page.locale, "page.title", { agency: page.agency.name }) : "Not found";
  return { title: { absolute: title }, robots: { index: false, follow: false }, referrer: "no-referrer" };
}

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const STATE_TONE: Record<ClientAccessLineView["state"], string> = {
  active: "bg-green-100 text-green-900",
  pending_acceptance: "bg-amber-100 text-amber-950",
  lost: "bg-slate-200 text-slate-800",
  unchecked: "bg-slate-100 text-slate-800",
};

function count(value: string | string[] | undefined): number {
  const n = typeof value === "string" ? Number(value) : 0;
  return Number.isInteger(n) && n > 0 && n < 10_000 ? n : 0;
}

/** The check's moment in full, for the tooltip beside "checked 2 hours ago". */
function checkedTitle(locale: Locale, at: string): string {
  return (
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(at)) +
    " UTC"
  );
}

function grantedByText(locale: Locale, agency: string, by: ClientAccessLineView["grantedBy"]): string {
  if (by.kind === "colleague") return clientAccessText(locale, "by.colleague", { name: by.name ?? "" });
  if (by.kind === "client") return clientAccessText(locale, "by.client", { name: by.name ?? "" });
  return clientAccessText(locale, "by.agency", { agency });
}

export default async function ClientAccessPageRoute({ params, searchParams }: Props) {
  const { token } = await params;
  const query = await searchParams;
  const page = await pageFor(token);
  if (!page) notFound();
  const { locale, agency } = page;
  const now = new Date();
  const v = { agency: agency.name };
  const removed = count(query.removed);
  const failed = count(query.failed);
  const manual = count(query.manual);
  const receiptCode = normalizeReceiptCode(typeof query.receipt === "string" ? query.receipt : null);
  const action = `/api/access/client-access/${encodeURIComponent(token)}/remove`;
  const self = `/i/${encodeURIComponent(token)}/access`;
  const asked = typeof query.remove === "string" ? query.remove : null;
  const plan = asked ? planRemoval(page, { line: asked === "all" ? null : asked, all: asked === "all" }) : null;
  if (plan)
    return (
      <AccessShell
        locale={locale}
        agency={{ name: agency.name, logoUrl: agency.logoUrl, accent: accentColors(agency.accentColor) }}
        chrome
      >
        <ConfirmRemoval page={page} plan={plan} action={action} back={self} />
      </AccessShell>
    );

  return (
    <AccessShell
      locale={locale}
      agency={{ name: agency.name, logoUrl: agency.logoUrl, accent: accentColors(agency.accentColor) }}
      chrome
    >
      <h1 className="text-2xl font-bold tracking-tight">{clientAccessText(locale, "page.title", v)}</h1>
      <p className="mt-2 text-slate-700">{clientAccessText(locale, "page.intro", v)}</p>

      <div className="mt-4 print:hidden">
        {query.error === "invalid" ? (
          <MessageBox tone="error">{clientAccessText(locale, "result.invalid")}</MessageBox>
        ) : null}
        {removed > 0 ? (
          <MessageBox tone="success">{clientAccessText(locale, "result.removed", { count: removed })}</MessageBox>
        ) : null}
        {receiptCode ? (
          <p className="mb-4">
            <a href={`/receipts/${receiptCode}`} className="font-medium underline underline-offset-2">
              {clientAccessText(locale, "result.receipt")}
            </a>
          </p>
        ) : null}
        {failed > 0 ? (
          <MessageBox tone="error">{clientAccessText(locale, "result.failed", { count: failed })}</MessageBox>
        ) : null}
        {manual > 0 ? <MessageBox tone="warning">{clientAccessText(locale, "result.manual", v)}</MessageBox> : null}
        {page.openLinks.length > 0 ? (
          <div className="mb-4 space-y-2" data-testid="open-removal-links">
            <p className="text-sm text-slate-700">{clientAccessText(locale, "result.signIn")}</p>
            {page.openLinks.map((l) => (
              <a key={l.platform} href={new URL(l.url).pathname} className={`${primaryButton} w-full sm:w-auto`}>
                {clientAccessText(locale, "action.continue", { platform: l.platformName })}
              </a>
            ))}
          </div>
        ) : null}
      </div>

      {page.lines.length === 0 ? (
        <MessageBox tone="success">{clientAccessText(locale, "page.empty", v)}</MessageBox>
      ) : (
        <ul className="mt-2 space-y-3" aria-label={clientAccessText(locale, "page.title", v)}>
          {page.lines.map((l) => {
            const asset = l.assetName ?? l.assetId;
            return (
              <li
                key={l.key}
                data-line={l.key}
                data-state={l.state}
                className="break-inside-avoid rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex items-start gap-3">
                  <PlatformLogo platform={l.platform} />
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-semibold">{asset}</p>
                    <p className="text-sm text-slate-700">
                      {l.platformName} · {l.serviceName}
                    </p>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      {l.role ? (
                        <>
                          <dt className="text-slate-600">{clientAccessText(locale, "col.role")}</dt>
                          <dd className="break-words">{l.role}</dd>
                        </>
                      ) : null}
                      <dt className="text-slate-600">{clientAccessText(locale, "col.granted")}</dt>
                      <dd className="break-words">
                        {l.grantedAt ? <DateTime value={l.grantedAt} style="date" /> : null}{" "}
                        {grantedByText(locale, agency.name, l.grantedBy)}
                      </dd>
                      <dt className="text-slate-600">{clientAccessText(locale, "col.state")}</dt>
                      <dd>
                        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATE_TONE[l.state]}`}>
                          {clientAccessText(locale, `state.${l.state}`)}
                        </span>
                        {l.checkedAt ? (
                          <time
                            dateTime={l.checkedAt}
                            title={checkedTitle(locale, l.checkedAt)}
                            className="ml-1 text-slate-700"
                          >
                            {clientAccessText(locale, "state.checkedAgo", { when: timeAgo(locale, l.checkedAt, now) })}
                          </time>
                        ) : null}
                      </dd>
                    </dl>
                    {l.removal === "manual" ? (
                      <p className="mt-2 text-sm text-slate-700">
                        {clientAccessText(locale, "manual.help", {
                          platform: l.platformName,
                          account: l.agencyAccount ?? agency.name,
                        })}
                      </p>
                    ) : null}
                  </div>
                </div>
                <form method="get" action={`${self}#confirm`} className="mt-3 print:hidden">
                  <input type="hidden" name="remove" value={l.key} />
                  <button
                    type="submit"
                    className={`${secondaryButton} w-full sm:w-auto`}
                    aria-label={clientAccessText(locale, "action.removeLabel", { asset })}
                  >
                    {clientAccessText(locale, "action.remove")}
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      )}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start print:hidden">
        {page.lines.length > 0 ? (
          <form method="get" action={`${self}#confirm`} className="flex flex-col gap-2">
            <input type="hidden" name="remove" value="all" />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
            >
              {clientAccessText(locale, "action.removeAll")}
            </button>
            <p className="max-w-md text-xs text-slate-700">{clientAccessText(locale, "action.removeAllHelp", v)}</p>
          </form>
        ) : null}
        <PrintPageButton label={clientAccessText(locale, "page.print")} nonce={await requestNonce()} />
        <a href={`/i/${encodeURIComponent(token)}`} className={secondaryButton}>
          {clientAccessText(locale, "page.back")}
        </a>
      </div>
    </AccessShell>
  );
}

/** Where each path leaves the client, said before they confirm. */
function pathNotes(page: ClientAccessPage, plan: RemovalPlan): string[] {
  const { locale, agency } = page;
  const notes: string[] = [];
  if (plan.lines.some((l) => l.removal === "agency")) notes.push(clientAccessText(locale, "confirm.agency"));
  const links = [...new Map(plan.lines.filter((l) => l.removal === "link").map((l) => [l.platform, l])).values()];
  for (const l of links)
    notes.push(
      l.approvesOnSite
        ? clientAccessText(locale, "confirm.site")
        : clientAccessText(locale, "confirm.link", { platform: l.platformName }),
    );
  const manual = [...new Set(plan.lines.filter((l) => l.removal === "manual").map((l) => l.platformName))];
  for (const platform of manual)
    notes.push(clientAccessText(locale, "confirm.manual", { platform, agency: agency.name }));
  return notes;
}

/** The confirmation: exactly what goes, how, and "Yes, remove" (a plain form post) or Cancel. */
function ConfirmRemoval({
  page,
  plan,
  action,
  back,
}: {
  page: ClientAccessPage;
  plan: RemovalPlan;
  action: string;
  back: string;
}) {
  const { locale, agency } = page;
  const v = { agency: agency.name };
  const all = plan.chosen === null;
  return (
    <section id="confirm" aria-labelledby="confirm-title" data-testid="confirm-removal">
      <h1 id="confirm-title" className="text-2xl font-bold tracking-tight">
        {clientAccessText(locale, all ? "confirm.titleAll" : "confirm.titleOne")}
      </h1>
      <p className="mt-2 text-slate-700">{clientAccessText(locale, all ? "confirm.introAll" : "confirm.intro", v)}</p>
      {plan.wider.map((platform) => (
        <div key={platform} className="mt-4">
          <MessageBox tone="warning">{clientAccessText(locale, "confirm.wide", { platform })}</MessageBox>
        </div>
      ))}
      <h2 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">
        {clientAccessText(locale, "confirm.list")}
      </h2>
      <ul className="mt-2 space-y-2">
        {plan.lines.map((l) => (
          <li
            key={l.key}
            data-goes={l.key}
            className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
          >
            <PlatformLogo platform={l.platform} />
            <div className="min-w-0">
              <p className="break-words font-semibold">{l.assetName ?? l.assetId}</p>
              <p className="text-sm text-slate-700">
                {l.platformName} · {l.serviceName}
                {l.role ? ` · ${l.role}` : ""}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {pathNotes(page, plan).map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <form method="post" action={action} className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        {all ? (
          <input type="hidden" name="all" value="1" />
        ) : (
          <input type="hidden" name="line" value={plan.chosen!.key} />
        )}
        <input type="hidden" name="confirm" value="1" />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
        >
          {clientAccessText(locale, all ? "confirm.yesAll" : "confirm.yes")}
        </button>
        <a href={back} className={secondaryButton}>
          {clientAccessText(locale, "confirm.cancel")}
        </a>
      </form>
    </section>
  );
}
