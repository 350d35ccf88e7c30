-- CreateTable
CREATE TABLE "StaffIdentity" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "refreshTokenSealed" TEXT,
    "lastSignInAt" TIMESTAMPTZ(3),
    "checkedAt" TIMESTAMPTZ(3),
    "disabledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffIdentity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgencyDomain" (
    "id" UUID NOT NULL,
    "agencyId" UUID NOT NULL,
    "domain" TEXT NOT NULL,
    "joinRole" "TeamRole" NOT NULL DEFAULT 'viewer',
    "requireSso" BOOLEAN NOT NULL DEFAULT false,
    "verifiedAt" TIMESTAMPTZ(3),
    "codeHash" TEXT,
    "codeEmail" TEXT,
    "codeExpiresAt" TIMESTAMPTZ(3),
    "codeAttempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AgencyDomain_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StaffIdentity_userId_idx" ON "StaffIdentity"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "StaffIdentity_provider_issuer_subject_key" ON "StaffIdentity"("provider", "issuer", "subject");

-- CreateIndex
CREATE INDEX "AgencyDomain_domain_idx" ON "AgencyDomain"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "AgencyDomain_agencyId_domain_key" ON "AgencyDomain"("agencyId", "domain");

-- AddForeignKey
ALTER TABLE "StaffIdentity" ADD CONSTRAINT "StaffIdentity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgencyDomain" ADD CONSTRAINT "AgencyDomain_agencyId_fkey" FOREIGN KEY ("agencyId") REFERENCES "Agency"("id") ON DELETE CASCADE ON UPDATE CASCADE;
