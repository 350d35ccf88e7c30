-- A claimed email domain is verified only by someone who controls it: a DNS TXT record, or a
-- code sent to the domain's administrative address through a mail server, never readable in
-- the agency's own Mailbox. Until now the emailed code could be read there, so a claim verified
-- by it proves nothing: it goes back to unverified with the reason, for its Owner to prove again
-- (the Security page says so). While unverified nobody joins through it and "Require single
-- sign-on" does not apply; a new proof restores both. A verified domain now belongs to one
-- agency (the partial unique index); where two agencies hold the same verified domain, the
-- first to verify keeps it and the others are asked to prove it again.
-- Not additive: the previous release would verify by a readable code again.

-- AlterTable
ALTER TABLE "AgencyDomain" ADD COLUMN     "reproveReason" TEXT;

-- Verified by an emailed code: the latest verification recorded for the claim was not a DNS record.
UPDATE "AgencyDomain" d
SET "verifiedAt" = NULL, "reproveReason" = 'readable_code', "codeHash" = NULL, "codeEmail" = NULL,
    "codeExpiresAt" = NULL, "codeAttempts" = 0
WHERE d."verifiedAt" IS NOT NULL
  AND COALESCE((
    SELECT a."changes"->>'method' FROM "AuditEntry" a
    WHERE a."agencyId" = d."agencyId" AND a."action" = 'sso.domain_verified' AND a."target" = 'domain:' || d."domain"
    ORDER BY a."createdAt" DESC
    LIMIT 1
  ), '') <> 'dns_txt';

-- The same domain verified by several agencies: the first keeps it.
UPDATE "AgencyDomain" d
SET "verifiedAt" = NULL, "reproveReason" = 'duplicate'
WHERE d."verifiedAt" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "AgencyDomain" e
    WHERE e."domain" = d."domain" AND e."verifiedAt" IS NOT NULL AND (e."verifiedAt", e."id") < (d."verifiedAt", d."id")
  );

-- CreateIndex
CREATE UNIQUE INDEX "AgencyDomain_verified_domain_key" ON "AgencyDomain"("domain") WHERE "verifiedAt" IS NOT NULL;
