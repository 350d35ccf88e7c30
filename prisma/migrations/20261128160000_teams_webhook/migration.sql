-- migration: additive
-- CreateEnum
CREATE TYPE "TeamsMessageStatus" AS ENUM ('pending', 'sent', 'failed');

-- AlterTable
ALTER TABLE "Agency" ADD COLUMN     "teamsWebhookUrl" TEXT;

-- CreateTable
CREATE TABLE "TeamsMessage" (
    "id" UUID NOT NULL,
    "agencyId" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "link" TEXT NOT NULL,
    "status" "TeamsMessageStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TeamsMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TeamsMessage_status_nextAttemptAt_idx" ON "TeamsMessage"("status", "nextAttemptAt");

-- AddForeignKey
ALTER TABLE "TeamsMessage" ADD CONSTRAINT "TeamsMessage_agencyId_fkey" FOREIGN KEY ("agencyId") REFERENCES "Agency"("id") ON DELETE CASCADE ON UPDATE CASCADE;
