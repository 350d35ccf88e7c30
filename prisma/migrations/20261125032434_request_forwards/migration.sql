-- migration: additive
-- AlterTable
ALTER TABLE "GrantSession" ADD COLUMN     "forwardId" UUID;

-- AlterTable
ALTER TABLE "Membership" ALTER COLUMN "notifyEvents" SET DEFAULT ARRAY['service.granted', 'service.skipped', 'intake.completed', 'request.completed', 'service.grant_failed', 'request.forwarded']::TEXT[];

-- AlterTable
ALTER TABLE "RequestService" ADD COLUMN     "forwardedTo" JSONB;

-- CreateTable
CREATE TABLE "RequestForward" (
    "id" UUID NOT NULL,
    "agencyId" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "note" TEXT,
    "serviceIds" TEXT[],
    "tokenHash" TEXT NOT NULL,
    "tokenSealed" TEXT NOT NULL,
    "sentCount" INTEGER NOT NULL DEFAULT 1,
    "lastSentAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RequestForward_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RequestForward_tokenHash_key" ON "RequestForward"("tokenHash");

-- CreateIndex
CREATE INDEX "RequestForward_requestId_createdAt_idx" ON "RequestForward"("requestId", "createdAt");

-- CreateIndex
CREATE INDEX "RequestForward_agencyId_idx" ON "RequestForward"("agencyId");

-- AddForeignKey
ALTER TABLE "RequestForward" ADD CONSTRAINT "RequestForward_agencyId_fkey" FOREIGN KEY ("agencyId") REFERENCES "Agency"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RequestForward" ADD CONSTRAINT "RequestForward_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "AccessRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Members who hear of grants hear of forwards too. Only adds an entry to a list: the
-- previous release ignores notification types it does not know.
UPDATE "Membership" SET "notifyEvents" = array_append("notifyEvents", 'request.forwarded')
WHERE 'service.granted' = ANY("notifyEvents") AND NOT ('request.forwarded' = ANY("notifyEvents"));
