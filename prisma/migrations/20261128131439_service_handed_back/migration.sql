-- AlterTable
ALTER TABLE "RequestService" ADD COLUMN     "handedBack" JSONB;
