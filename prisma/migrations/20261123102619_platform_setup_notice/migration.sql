-- CreateTable
CREATE TABLE "PlatformSetupNotice" (
    "id" UUID NOT NULL,
    "agencyId" UUID NOT NULL,
    "platform" TEXT NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "lastEmailedAt" TIMESTAMPTZ(3),

    CONSTRAINT "PlatformSetupNotice_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PlatformSetupNotice_agencyId_platform_key" ON "PlatformSetupNotice"("agencyId", "platform");

-- AddForeignKey
ALTER TABLE "PlatformSetupNotice" ADD CONSTRAINT "PlatformSetupNotice_agencyId_fkey" FOREIGN KEY ("agencyId") REFERENCES "Agency"("id") ON DELETE CASCADE ON UPDATE CASCADE;
