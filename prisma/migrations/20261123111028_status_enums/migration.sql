-- The state columns become enums, converted in place: existing rows keep their values
-- (a value outside the set would fail the migration rather than be lost), and the
-- indexes on these columns are rebuilt by ALTER COLUMN ... TYPE.

-- CreateEnum
CREATE TYPE "RequestStatus" AS ENUM ('pending', 'in_progress', 'completed', 'cancelled', 'expired');

-- CreateEnum
CREATE TYPE "ServiceStatus" AS ENUM ('pending', 'granted', 'skipped');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed', 'cancelled');

-- AlterTable
ALTER TABLE "AccessRequest" ALTER COLUMN "status" DROP DEFAULT,
ALTER COLUMN "status" TYPE "RequestStatus" USING "status"::"RequestStatus",
ALTER COLUMN "status" SET DEFAULT 'pending';

-- AlterTable
ALTER TABLE "RequestService" ALTER COLUMN "status" DROP DEFAULT,
ALTER COLUMN "status" TYPE "ServiceStatus" USING "status"::"ServiceStatus",
ALTER COLUMN "status" SET DEFAULT 'pending';

-- AlterTable
ALTER TABLE "WebhookDelivery" ALTER COLUMN "status" DROP DEFAULT,
ALTER COLUMN "status" TYPE "DeliveryStatus" USING "status"::"DeliveryStatus",
ALTER COLUMN "status" SET DEFAULT 'pending';
