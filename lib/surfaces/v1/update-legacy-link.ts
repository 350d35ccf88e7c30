// V1 links/update: replaces the link's whole service set through the shared
// replaceRequestServices (progress kept only where role and accounts are unchanged;
// completed, cancelled and expired links 409; request.updated and a new stateVersion).
import { replaceRequestServices } from "@/lib/core/requests/replace-request-services";
import { toLegacyServices } from "@/lib/surfaces/v1/legacy-link-input";
import { parseLegacyId } from "@/lib/surfaces/v1/parse-legacy-id";

export async function updateLegacyLink(opts: { agencyId: string; body: Record<string, unknown> }): Promise<string> {
  const id = parseLegacyId(opts.body.id, "id", "Link");
  const { requested } = toLegacyServices(opts.body.requestedServices);
  const { request } = await replaceRequestServices({
    agencyId: opts.agencyId,
    requestId: id,
    requestedServices: requested,
  });
  return request.id;
}
