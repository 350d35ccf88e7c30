-- migration: additive
-- AlterTable
ALTER TABLE "RemovalLink" ADD COLUMN     "only" JSONB;
