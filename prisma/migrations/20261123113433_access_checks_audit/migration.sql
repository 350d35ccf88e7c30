-- AlterTable
ALTER TABLE "Agency" ADD COLUMN     "accessCheckEveryDays" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "lastAccessCheckAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "RequestService" ADD COLUMN     "accessCheckedAt" TIMESTAMPTZ(3),
ADD COLUMN     "accessRemovedAt" TIMESTAMPTZ(3),
ADD COLUMN     "accessRemovedBy" TEXT;

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" UUID NOT NULL,
    "agencyId" UUID NOT NULL,
    "actorUserId" UUID,
    "actorEmail" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "address" TEXT,
    "changes" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEntry_agencyId_createdAt_id_idx" ON "AuditEntry"("agencyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_createdAt_idx" ON "AuditEntry"("createdAt");

-- AddForeignKey
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_agencyId_fkey" FOREIGN KEY ("agencyId") REFERENCES "Agency"("id") ON DELETE CASCADE ON UPDATE CASCADE;
