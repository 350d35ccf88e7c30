// The demo agency's sample data: how its rows are marked (clients carry `demoData: "true"` in
// their metadata; the sample webhook has a fixed .example address that is never sent to),
// whether an agency still has any, and removing exactly those rows: the sample clients with
// their requests (services, intake answers, sign-ins by cascade), the requests' events,
// deliveries, emails and notifications, the sample webhook, and the usage the sample
// requests counted. The agency, its users, accounts, intake form and API keys stay.
import type { Prisma } from "@/generated/prisma/client";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { usagePeriod } from "@/lib/core/domain/usage";

export const DEMO_METADATA_KEY = "demoData";
/** The sample webhook's address: .example is reserved and never receives anything; the webhook is seeded paused, so no delivery is ever made or attempted. */
export const DEMO_WEBHOOK_URL = "https://webhooks.demo-agency.example/access-events";

const demoClientWhere = (agencyId: string): Prisma.ClientWhereInput => ({
  agencyId,
  metadata: { path: [DEMO_METADATA_KEY], equals: "true" },
});

export async function hasDemoData(opts: { agencyId: string }): Promise<boolean> {
  const db = await getDb();
  const [clients, webhooks] = await Promise.all([
    db.client.count({ where: demoClientWhere(opts.agencyId) }),
    db.webhook.count({ where: { agencyId: opts.agencyId, url: DEMO_WEBHOOK_URL } }),
  ]);
  return clients + webhooks > 0;
}

export interface RemovedDemoData {
  clients: number;
  requests: number;
  webhooks: number;
}

export async function removeDemoData(opts: { agencyId: string; tx?: Tx; now?: Date }): Promise<RemovedDemoData> {
  const now = opts.now ?? new Date();
  return inTransaction(
    async (tx) => {
      const { agencyId } = opts;
      const clients = await tx.client.findMany({ where: demoClientWhere(agencyId), select: { id: true } });
      const clientIds = clients.map((c) => c.id);
      const requests = await tx.accessRequest.findMany({
        where: { agencyId, clientId: { in: clientIds } },
        select: { id: true, createdAt: true, countsUsage: true },
      });
      const requestIds = requests.map((r) => r.id);
      // events cascade to their deliveries
      await tx.event.deleteMany({ where: { agencyId, requestId: { in: requestIds } } });
      await tx.email.deleteMany({ where: { agencyId, requestId: { in: requestIds } } });
      await tx.notification.deleteMany({ where: { agencyId, requestId: { in: requestIds } } });
      // clients cascade to requests, their services, intake answers and sign-ins
      await tx.client.deleteMany({ where: { agencyId, id: { in: clientIds } } });
      const webhooks = await tx.webhook.deleteMany({ where: { agencyId, url: DEMO_WEBHOOK_URL } });
      // sample requests seeded before they stopped counting: this month's no longer count
      const period = usagePeriod(now);
      const counted = requests.filter((r) => r.countsUsage && usagePeriod(r.createdAt).key === period.key).length;
      if (counted > 0) {
        await tx.$executeRaw`UPDATE "UsageCounter" SET "used" = GREATEST("used" - ${counted}::int, 0), "updatedAt" = now()
          WHERE "agencyId" = ${agencyId}::uuid AND "period" = ${period.key} AND "kind" = 'client'`;
      }
      return { clients: clientIds.length, requests: requestIds.length, webhooks: webhooks.count };
    },
    { tx: opts.tx },
  );
}
