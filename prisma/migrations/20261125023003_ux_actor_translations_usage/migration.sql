-- migration: additive
-- AlterTable
ALTER TABLE "AccessRequest" ADD COLUMN     "countsUsage" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "actor" TEXT;

-- AlterTable
ALTER TABLE "IntakeQuestion" ADD COLUMN     "translations" JSONB NOT NULL DEFAULT '{}';
