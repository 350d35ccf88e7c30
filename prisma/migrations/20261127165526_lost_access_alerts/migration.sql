-- migration: additive
-- Lost-access alerts: what an access check found gone, "Ask again"'s request and when the
-- alert closed. A new table the previous release never reads, and a new notification type.

-- AlterTable
ALTER TABLE "Membership" ALTER COLUMN "notifyEvents" SET DEFAULT ARRAY['service.granted', 'service.skipped', 'intake.completed', 'request.completed', 'service.grant_failed', 'request.forwarded', 'access.lost']::TEXT[];

-- CreateTable
CREATE TABLE "AccessAlert" (
    "id" UUID NOT NULL,
    "agencyId" UUID NOT NULL,
    "clientId" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "serviceId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "accessLevel" TEXT,
    "accounts" JSONB NOT NULL DEFAULT '[]',
    "assets" JSONB NOT NULL DEFAULT '[]',
    "followUpRequestId" UUID,
    "askedAt" TIMESTAMPTZ(3),
    "askedBy" TEXT,
    "closedAt" TIMESTAMPTZ(3),
    "closedReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AccessAlert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AccessAlert_agencyId_clientId_createdAt_idx" ON "AccessAlert"("agencyId", "clientId", "createdAt");

-- CreateIndex
CREATE INDEX "AccessAlert_requestId_serviceId_idx" ON "AccessAlert"("requestId", "serviceId");

-- CreateIndex
CREATE INDEX "AccessAlert_followUpRequestId_idx" ON "AccessAlert"("followUpRequestId");

-- AddForeignKey
ALTER TABLE "AccessAlert" ADD CONSTRAINT "AccessAlert_agencyId_fkey" FOREIGN KEY ("agencyId") REFERENCES "Agency"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccessAlert" ADD CONSTRAINT "AccessAlert_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "Client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Members who hear of failed grants hear of lost access too. Only adds an entry to a list:
-- the previous release ignores notification types it does not know.
UPDATE "Membership" SET "notifyEvents" = array_append("notifyEvents", 'access.lost')
WHERE 'service.grant_failed' = ANY("notifyEvents") AND NOT ('access.lost' = ANY("notifyEvents"));
