// The members of the agency's own Business Center, and giving them a role on an ad account a
// client just shared with that Business Center (partner sharing), with the agency's own token.
//
// - members: GET /bc/member/get/ with `bc_id` ("Get BC members",
//   https://business-api.tiktok.com/portal/docs?id=1739939404802049): `user_id`, `user_name`, `user_email`.
// - assigning: POST /bc/asset/assign/ with `bc_id`, `user_id`, `asset_type` ADVERTISER, `asset_id` and
//   `advertiser_role` ("Assign assets to a member",
//   https://business-api.tiktok.com/portal/docs?id=1739438211077121; AssetAssignBody in TikTok's official SDK,
//   tiktok/tiktok-business-api-sdk python_sdk/business_api_client/models/asset_assign_body.py, where
//   bc_id, user_id, asset_type and asset_id are required). Roles as in tiktok-roles.ts: ADMIN, OPERATOR, ANALYST.
import type { AgencyPerson, AssignPeopleInput, PersonAssignment } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { str, tiktokCall, tiktokPaged } from "@/lib/infra/connectors/tiktok/tiktok-api";
import { TikTokApiError } from "@/lib/infra/connectors/tiktok/tiktok-errors";
import { tiktokRole } from "@/lib/infra/connectors/tiktok/tiktok-roles";
import { attemptError } from "@/lib/infra/connectors/platform-errors";

export async function listTikTokAgencyPeople(
  http: ConnectorHttp,
  input: { accessToken: string; businessId: string },
): Promise<AgencyPerson[]> {
  const rows = await tiktokPaged(http, {
    path: "/bc/member/get/",
    accessToken: input.accessToken,
    query: { bc_id: input.businessId },
  });
  return rows.flatMap((r) => {
    const id = str(r.user_id);
    if (!id) return [];
    const email = str(r.user_email);
    return [{ id, name: str(r.user_name) ?? email ?? id, email, kind: "member" as const }];
  });
}

export async function assignTikTokPeople(http: ConnectorHttp, input: AssignPeopleInput): Promise<PersonAssignment[]> {
  const out: PersonAssignment[] = [];
  for (const person of input.people) {
    try {
      await tiktokCall(http, {
        method: "POST",
        path: "/bc/asset/assign/",
        accessToken: input.accessToken,
        json: {
          bc_id: input.businessId,
          user_id: person.id,
          asset_type: "ADVERTISER",
          asset_id: input.assetId,
          advertiser_role: tiktokRole(input.serviceId, person.role),
        },
      });
      out.push({ personId: person.id, ok: true, error: null });
    } catch (err) {
      if (!(err instanceof TikTokApiError)) throw err;
      const whole = attemptError(err);
      if (whole) throw whole;
      out.push({ personId: person.id, ok: false, error: `TikTok refused: ${err.message}` });
    }
  }
  return out;
}
