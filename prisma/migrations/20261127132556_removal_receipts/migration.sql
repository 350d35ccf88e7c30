-- migration: additive
-- Removal receipts: what each removal of access did per asset after reading the platforms
-- again, with the verification code the client checks them by. A new table the previous
-- release never reads.

-- CreateTable
CREATE TABLE "RemovalReceipt" (
    "id" UUID NOT NULL,
    "agencyId" UUID NOT NULL,
    "clientId" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "removedBy" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "items" JSONB NOT NULL DEFAULT '[]',
    "emailedTo" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RemovalReceipt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RemovalReceipt_code_key" ON "RemovalReceipt"("code");

-- CreateIndex
CREATE INDEX "RemovalReceipt_agencyId_clientId_createdAt_idx" ON "RemovalReceipt"("agencyId", "clientId", "createdAt");

-- AddForeignKey
ALTER TABLE "RemovalReceipt" ADD CONSTRAINT "RemovalReceipt_agencyId_fkey" FOREIGN KEY ("agencyId") REFERENCES "Agency"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RemovalReceipt" ADD CONSTRAINT "RemovalReceipt_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "Client"("id") ON DELETE CASCADE ON UPDATE CASCADE;
