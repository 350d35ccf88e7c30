-- migration: additive
-- AlterTable
ALTER TABLE "ConnectedAccount" ADD COLUMN     "assignees" JSONB;

-- CreateTable
CREATE TABLE "AssetAssignment" (
    "id" UUID NOT NULL,
    "agencyId" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "internalAccountId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "serviceId" TEXT NOT NULL,
    "assetId" TEXT NOT NULL,
    "assetName" TEXT,
    "personId" TEXT NOT NULL,
    "personName" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AssetAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AssetAssignment_agencyId_requestId_createdAt_idx" ON "AssetAssignment"("agencyId", "requestId", "createdAt");
