-- migration: additive
-- AlterTable
ALTER TABLE "GrantSession" ADD COLUMN     "serviceIds" TEXT[] DEFAULT ARRAY[]::TEXT[];
