-- Team roles, connected account status, usage kinds and the email and Slack queue statuses
-- become enums, converted in place: existing rows keep their values (a value outside the
-- set fails the migration rather than being lost), and the indexes on these columns are
-- rebuilt by ALTER COLUMN ... TYPE.

-- CreateEnum
CREATE TYPE "TeamRole" AS ENUM ('owner', 'manager', 'member', 'viewer');

-- CreateEnum
CREATE TYPE "AccountStatus" AS ENUM ('connected', 'disconnected');

-- CreateEnum
CREATE TYPE "UsageKind" AS ENUM ('client', 'prospect');

-- CreateEnum
CREATE TYPE "EmailStatus" AS ENUM ('pending', 'sent', 'stored', 'failed');

-- CreateEnum
CREATE TYPE "SlackMessageStatus" AS ENUM ('pending', 'sent', 'failed');

-- AlterTable
ALTER TABLE "Membership" ALTER COLUMN "role" TYPE "TeamRole" USING "role"::"TeamRole";

-- AlterTable
ALTER TABLE "TeamInvite" ALTER COLUMN "role" TYPE "TeamRole" USING "role"::"TeamRole";

-- AlterTable
ALTER TABLE "ConnectedAccount" ALTER COLUMN "status" DROP DEFAULT,
ALTER COLUMN "status" TYPE "AccountStatus" USING "status"::"AccountStatus",
ALTER COLUMN "status" SET DEFAULT 'connected';

-- AlterTable
ALTER TABLE "UsageCounter" ALTER COLUMN "kind" TYPE "UsageKind" USING "kind"::"UsageKind";

-- AlterTable
ALTER TABLE "Email" ALTER COLUMN "status" DROP DEFAULT,
ALTER COLUMN "status" TYPE "EmailStatus" USING "status"::"EmailStatus",
ALTER COLUMN "status" SET DEFAULT 'pending';

-- AlterTable
ALTER TABLE "SlackMessage" ALTER COLUMN "status" DROP DEFAULT,
ALTER COLUMN "status" TYPE "SlackMessageStatus" USING "status"::"SlackMessageStatus",
ALTER COLUMN "status" SET DEFAULT 'pending';
