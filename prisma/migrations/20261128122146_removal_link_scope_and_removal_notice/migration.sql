-- migration: additive
-- A removal link's lines (made from the client's access page for some assets only), and the
-- team's notice when a client removes access: a new nullable column and a new notification
-- type the previous release ignores.
-- AlterTable
ALTER TABLE "Membership" ALTER COLUMN "notifyEvents" SET DEFAULT ARRAY['service.granted', 'service.skipped', 'intake.completed', 'request.completed', 'service.grant_failed', 'request.forwarded', 'access.lost', 'access.removed']::TEXT[];

-- AlterTable
ALTER TABLE "RemovalLink" ADD COLUMN     "only" JSONB;

-- Members who hear of lost access hear of a client removing access too. Only adds an entry to
-- a list: the previous release ignores notification types it does not know.
UPDATE "Membership" SET "notifyEvents" = array_append("notifyEvents", 'access.removed')
WHERE 'access.lost' = ANY("notifyEvents") AND NOT ('access.removed' = ANY("notifyEvents"));
