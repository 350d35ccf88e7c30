-- AlterTable
ALTER TABLE "AccessRequest" ADD COLUMN     "clientActivityAt" TIMESTAMPTZ(3),
ADD COLUMN     "stalledNotifiedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Agency" ADD COLUMN     "stalledAfterDays" INTEGER NOT NULL DEFAULT 2;

-- AlterTable
ALTER TABLE "Membership" ALTER COLUMN "notifyEvents" SET DEFAULT ARRAY['service.granted', 'service.skipped', 'intake.completed', 'request.completed', 'service.grant_failed', 'request.forwarded', 'access.lost', 'access.removed', 'request.stalled']::TEXT[];

-- AlterTable
ALTER TABLE "RequestForward" ADD COLUMN     "remindersSent" INTEGER NOT NULL DEFAULT 0;

-- Members chose their notifications before "A request stalls" existed: it is on for them,
-- as for a new member.
UPDATE "Membership" SET "notifyEvents" = array_append("notifyEvents", 'request.stalled')
WHERE NOT ('request.stalled' = ANY("notifyEvents"));

-- Requests already open when this arrives are not announced as stalled all at once: each is
-- told about only after its client's next activity goes quiet again.
UPDATE "AccessRequest" SET "stalledNotifiedAt" = now()
WHERE "status" IN ('pending', 'in_progress');
