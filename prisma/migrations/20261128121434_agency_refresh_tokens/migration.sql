-- migration: additive
-- AlterTable
ALTER TABLE "AccountConnectSession" ADD COLUMN     "refreshToken" TEXT,
ADD COLUMN     "refreshTokenExpiresAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "ConnectedAccount" ADD COLUMN     "refreshToken" TEXT,
ADD COLUMN     "refreshTokenExpiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "tokenInvalidReason" TEXT,
ADD COLUMN     "tokenRefreshedAt" TIMESTAMPTZ(3);
