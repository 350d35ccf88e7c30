// What the invite and embed pages show of one request, in one statement: the request, the
// client's language, the services in order, the agency accounts they name and, when the
// intake form is still to be filled in, the agency's questions. The agency's branding
// comes from memory (lib/core/agencies/branding-cache.ts). Nothing is written.
import { getDb } from "@/lib/infra/db/db";
import { hashToken } from "@/lib/infra/secrets/link-token";
import { isTokenShaped, type AccessRequestRow } from "@/lib/surfaces/access/find-request-by-token";

export type AccessPageService = Pick<
  AccessRequestRow["services"][number],
  "serviceId" | "platform" | "accessLevel" | "optional" | "status" | "awaitingConfirmation" | "accounts" | "grantedAssets"
>;

export interface AccessPageRow {
  id: string;
  agencyId: string;
  status: AccessRequestRow["status"];
  expiresAt: Date | null;
  isDemo: boolean;
  intakeRequested: boolean;
  intakeCompletedAt: Date | null;
  thankYouMessage: string | null;
  redirectUrl: string | null;
  client: { language: string };
  services: AccessPageService[];
  accounts: { internalAccountId: string; displayName: string | null; email: string | null; platformAccountId: string | null; businessId: string | null }[];
  /** the agency's "platform not set up" notices, so a view that needs one reads nothing more */
  setupNotices: { platform: string; lastSeenAt: string; lastEmailedAt: string | null }[];
  /** null unless the intake form is requested and not yet filled in */
  questions: { id: string; type: string; label: string; required: boolean; options: string[] }[] | null;
}

export async function loadAccessPageRow(token: string): Promise<AccessPageRow | null> {
  if (!isTokenShaped(token)) return null;
  const db = await getDb();
  const rows = await db.$queryRaw<(Omit<AccessPageRow, "client"> & { clientLanguage: string })[]>`
    SELECT r."id", r."agencyId", r."status", r."expiresAt", r."isDemo", r."intakeRequested", r."intakeCompletedAt", r."thankYouMessage", r."redirectUrl",
      c."language" AS "clientLanguage",
      COALESCE((
        SELECT json_agg(json_build_object('serviceId', s."serviceId", 'platform', s."platform", 'accessLevel', s."accessLevel", 'optional', s."optional",
          'status', s."status", 'awaitingConfirmation', s."awaitingConfirmation", 'accounts', s."accounts", 'grantedAssets', s."grantedAssets") ORDER BY s."position")
        FROM "RequestService" s WHERE s."requestId" = r."id"), '[]'::json) AS "services",
      COALESCE((
        SELECT json_agg(json_build_object('internalAccountId', a."internalAccountId", 'displayName', a."displayName", 'email', a."email",
          'platformAccountId', a."platformAccountId", 'businessId', a."businessId"))
        FROM "ConnectedAccount" a
        WHERE a."agencyId" = r."agencyId" AND a."internalAccountId" IN (
          SELECT l.value->>'internalAccountId' FROM "RequestService" s, jsonb_array_elements(CASE WHEN jsonb_typeof(s."accounts") = 'array' THEN s."accounts" ELSE '[]'::jsonb END) AS l
          WHERE s."requestId" = r."id")), '[]'::json) AS "accounts",
      CASE WHEN r."intakeRequested" AND r."intakeCompletedAt" IS NULL THEN COALESCE((
        SELECT json_agg(json_build_object('id', q."id", 'type', q."type", 'label', q."label", 'required', q."required", 'options', q."options")
          ORDER BY q."position", q."createdAt", q."id")
        FROM "IntakeQuestion" q WHERE q."agencyId" = r."agencyId" AND q."archivedAt" IS NULL), '[]'::json) END AS "questions",
      COALESCE((
        SELECT json_agg(json_build_object('platform', n."platform", 'lastSeenAt', n."lastSeenAt", 'lastEmailedAt', n."lastEmailedAt"))
        FROM "PlatformSetupNotice" n WHERE n."agencyId" = r."agencyId"), '[]'::json) AS "setupNotices"
    FROM "AccessRequest" r JOIN "Client" c ON c."id" = r."clientId"
    WHERE r."inviteTokenHash" = ${hashToken(token)}`;
  const row = rows[0];
  if (!row) return null;
  const { clientLanguage, ...rest } = row;
  return { ...rest, client: { language: clientLanguage } };
}
