-- Link tokens (request invite/embed links, the agency's static link) are kept as a sha256
-- (lookups) and a copy sealed with ENCRYPTION_KEY (to rebuild the URL), never in plain text.
-- Not additive: code of the previous release reads the plaintext columns, which the new code
-- leaves null. The hashes are backfilled here; SQL cannot seal with the app's key, so the
-- boot step (lib/runtime/boot/backfill-link-tokens.ts) seals each remaining plaintext token
-- and clears it. Until then, reads fall back to the plaintext column.

-- AlterTable
ALTER TABLE "AccessRequest" ADD COLUMN     "inviteTokenHash" TEXT,
ADD COLUMN     "inviteTokenSealed" TEXT,
ALTER COLUMN "inviteToken" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Agency" ADD COLUMN     "staticLinkTokenHash" TEXT,
ADD COLUMN     "staticLinkTokenSealed" TEXT,
ALTER COLUMN "staticLinkToken" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "AccessRequest_inviteTokenHash_key" ON "AccessRequest"("inviteTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "Agency_staticLinkTokenHash_key" ON "Agency"("staticLinkTokenHash");

-- Backfill the hashes (same value as Node's sha256 hex of the token's UTF-8 bytes)
UPDATE "AccessRequest" SET "inviteTokenHash" = encode(sha256(convert_to("inviteToken", 'UTF8')), 'hex') WHERE "inviteToken" IS NOT NULL AND "inviteTokenHash" IS NULL;
UPDATE "Agency" SET "staticLinkTokenHash" = encode(sha256(convert_to("staticLinkToken", 'UTF8')), 'hex') WHERE "staticLinkToken" IS NOT NULL AND "staticLinkTokenHash" IS NULL;
