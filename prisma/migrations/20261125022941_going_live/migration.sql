-- migration: additive
-- AlterTable
ALTER TABLE "Agency" ADD COLUMN     "checklistDismissedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "ConnectedAccount" ADD COLUMN     "tokenInvalidAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "instanceAdmin" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "PlatformSetting" (
    "platform" TEXT NOT NULL,
    "valuesSealed" TEXT,
    "sandbox" BOOLEAN,
    "forcedLive" BOOLEAN NOT NULL DEFAULT false,
    "verifiedAt" TIMESTAMPTZ(3),
    "verifyOk" BOOLEAN,
    "verifyMessage" TEXT,
    "verifiedFingerprint" TEXT,
    "updatedByUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PlatformSetting_pkey" PRIMARY KEY ("platform")
);
