// The demo agency's sample data, written through the domain paths the API uses so state
// versions, events and usage agree: five clients, one request in each state (pending, in
// progress with a grant, completed with intake answers, expired, cancelled), and a sample
// webhook that is paused (its .example address is reserved), so nothing is ever sent or
// attempted. The sample requests never count toward the allowance. Every sample client carries `demoData: "true"` in its metadata; lib/core/agencies/demo-data.ts
// finds and removes exactly these rows.
import type { Tx } from "@/lib/infra/db/db";
import { newWebhookSecret, sealSecret } from "@/lib/infra/secrets/secret-box";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { applyRequestAction, type GrantedAsset } from "@/lib/core/requests/apply-request-action";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { DEMO_METADATA_KEY, DEMO_WEBHOOK_URL } from "@/lib/core/agencies/demo-data";
import { EVENT_TYPES } from "@/lib/core/events/event-types";
import { getCatalogService, getPlatform } from "@/lib/core/catalog/catalog";

const DAY = 86_400_000;

const SAMPLE_CLIENTS = [
  { key: "pending", name: "Maple Bakery", email: "owner@maple-bakery.example", company: "Maple Bakery" },
  { key: "in_progress", name: "Harbor Fitness", email: "marketing@harbor-fitness.example", company: "Harbor Fitness" },
  { key: "completed", name: "Cedar Dental", email: "office@cedar-dental.example", company: "Cedar Dental" },
  { key: "expired", name: "Pine Outdoor", email: "hello@pine-outdoor.example", company: "Pine Outdoor" },
  { key: "cancelled", name: "Birch Books", email: "team@birch-books.example", company: "Birch Books" },
] as const;

/** The services the sample requests ask for. */
const SAMPLE_SERVICES = ["meta_ads", "google_ads"] as const;

function platformOf(serviceId: string): string {
  return getCatalogService(serviceId)!.platform;
}

/** The platforms the sample requests need a connected account on. */
export const DEMO_SAMPLE_PLATFORMS: readonly string[] = SAMPLE_SERVICES.map(platformOf);

/** Their names, in words ("A and B"). */
export const DEMO_SAMPLE_PLATFORM_NAMES: string = DEMO_SAMPLE_PLATFORMS.map((p) => getPlatform(p)?.name ?? p)
  .join(", ")
  .replace(/, ([^,]*)$/, " and $1");

export async function seedDemoSamples(opts: {
  agencyId: string;
  accounts: { platform: string; internalAccountId: string }[];
  tx: Tx;
  now?: Date;
}) {
  const { agencyId, tx } = opts;
  const now = opts.now ?? new Date();
  const account = (platform: string) => opts.accounts.find((a) => a.platform === platform)!.internalAccountId;

  // paused from the start: the sample events make no deliveries, and no event the
  // newcomer causes later is queued for it until they resume it (after changing the URL)
  const webhookId = crypto.randomUUID();
  await tx.webhook.create({
    data: {
      id: webhookId,
      agencyId,
      url: DEMO_WEBHOOK_URL,
      events: [...EVENT_TYPES],
      pausedAt: now,
      secrets: { create: { agencyId, secretEncrypted: sealSecret(newWebhookSecret(), webhookId) } },
    },
  });

  const services = () => ({
    meta_ads: {
      accessLevel: "advertiser",
      requestedAccountLinks: [{ internalAccountId: account(platformOf("meta_ads")) }],
    },
    google_ads: {
      accessLevel: "standard",
      requestedAccountLinks: [{ internalAccountId: account(platformOf("google_ads")) }],
    },
  });
  const ids: Record<string, string> = {};
  for (const c of SAMPLE_CLIENTS) {
    const client = await createClient({
      agencyId,
      input: ZCreateClientBody.parse({
        name: c.name,
        email: c.email,
        company: c.company,
        metadata: { [DEMO_METADATA_KEY]: "true" },
      }),
      tx,
    });
    const expiring = c.key === "expired";
    const request = await createRequest({
      agencyId,
      input: ZCreateRequestBody.parse({
        clientId: client.id,
        requestedServices: services(),
        ...(c.key === "completed" ? { intakeForm: { requested: true } } : {}),
        ...(expiring ? { expiresAt: new Date(now.getTime() - 2 * DAY).toISOString() } : {}),
      }),
      source: "dashboard",
      countsUsage: false,
      tx,
      // each step at its own time, after the client's, so the activity reads in the order it happened
      now: expiring ? new Date(now.getTime() - 3 * DAY) : new Date(),
    });
    ids[c.key] = request.id;
  }

  const act = (
    key: string,
    action: Parameters<typeof applyRequestAction>[0]["action"],
    at = new Date(),
    grantedAssets?: GrantedAsset[],
  ) =>
    applyRequestAction({
      agencyId,
      requestId: ids[key]!,
      action,
      tx,
      now: at,
      ...(grantedAssets ? { grantedAssets } : {}),
    });
  // the sandbox's own asset ids, so "Check now" reads them back like a real grant
  const asset = (serviceId: string, client: string, accessLevel: string): GrantedAsset[] => [
    { id: `${serviceId}_1001`, name: `${client} main account`, accessLevel },
  ];
  await act(
    "in_progress",
    { kind: "grant", serviceId: "meta_ads" },
    new Date(),
    asset("meta_ads", "Harbor Fitness", "advertiser"),
  );
  await act(
    "completed",
    { kind: "grant", serviceId: "meta_ads" },
    new Date(),
    asset("meta_ads", "Cedar Dental", "advertiser"),
  );
  await act(
    "completed",
    { kind: "grant", serviceId: "google_ads" },
    new Date(),
    asset("google_ads", "Cedar Dental", "standard"),
  );
  const questions = await tx.intakeQuestion.findMany({
    where: { agencyId, archivedAt: null },
    orderBy: { position: "asc" },
  });
  await act("completed", { kind: "submit_intake" });
  const answers = ["https://cedar-dental.example", "Dr. Rosa Alvarez, billing@cedar-dental.example"];
  await tx.intakeAnswer.createMany({
    data: questions.slice(0, answers.length).map((q, i) => ({
      agencyId,
      requestId: ids.completed!,
      questionId: q.id,
      questionLabel: q.label,
      questionType: q.type,
      value: answers[i]!,
      createdAt: now,
    })),
  });
  await act("cancelled", { kind: "cancel" });
  await act("expired", { kind: "expire" });

  return ids;
}
