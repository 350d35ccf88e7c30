-- migration: additive
-- CreateTable
CREATE TABLE "RemovalLink" (
    "id" UUID NOT NULL,
    "agencyId" UUID NOT NULL,
    "clientId" UUID NOT NULL,
    "platform" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "tokenSealed" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'sent',
    "nonce" TEXT,
    "sessionExpiresAt" TIMESTAMPTZ(3),
    "clientToken" TEXT,
    "signedInAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    "result" JSONB NOT NULL DEFAULT '{}',
    "createdBy" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RemovalLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RemovalLink_tokenHash_key" ON "RemovalLink"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "RemovalLink_nonce_key" ON "RemovalLink"("nonce");

-- CreateIndex
CREATE INDEX "RemovalLink_agencyId_clientId_createdAt_idx" ON "RemovalLink"("agencyId", "clientId", "createdAt");

-- AddForeignKey
ALTER TABLE "RemovalLink" ADD CONSTRAINT "RemovalLink_agencyId_fkey" FOREIGN KEY ("agencyId") REFERENCES "Agency"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RemovalLink" ADD CONSTRAINT "RemovalLink_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "Client"("id") ON DELETE CASCADE ON UPDATE CASCADE;
