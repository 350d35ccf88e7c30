-- migration: additive
-- A grant made by an invitation the agency must accept on the platform: its state, where it
-- went, where it is accepted, and when the agency was reminded. The previous release never
-- reads the column.

-- AlterTable
ALTER TABLE "RequestService" ADD COLUMN     "invitation" JSONB;
