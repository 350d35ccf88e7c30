-- AlterTable
ALTER TABLE "ConnectedAccount" ADD COLUMN     "accessToken" TEXT,
ADD COLUMN     "tokenExpiresAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "AccountConnectSession" (
    "id" UUID NOT NULL,
    "agencyId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "platform" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "accessToken" TEXT,
    "tokenExpiresAt" TIMESTAMPTZ(3),
    "usedAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccountConnectSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AccountConnectSession_nonce_key" ON "AccountConnectSession"("nonce");

-- CreateIndex
CREATE INDEX "AccountConnectSession_agencyId_idx" ON "AccountConnectSession"("agencyId");

-- AddForeignKey
ALTER TABLE "AccountConnectSession" ADD CONSTRAINT "AccountConnectSession_agencyId_fkey" FOREIGN KEY ("agencyId") REFERENCES "Agency"("id") ON DELETE CASCADE ON UPDATE CASCADE;
