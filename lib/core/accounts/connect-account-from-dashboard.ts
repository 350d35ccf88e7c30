// Connecting an agency account from the dashboard. Platforms without a sign-in (manual
// ones such as Shopify or HubSpot) are recorded as entered; sign-in platforms need their
// connector: the sandbox when SANDBOX_PLATFORMS covers the platform (recorded as entered),
// the platform's own sign-in when it is live (lib/surfaces/dashboard/accounts/agency-connect.ts),
// otherwise it cannot be connected here.
import { z } from "zod";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { getPlatform, listCatalog, PLATFORM_IDS } from "@/lib/core/catalog/catalog";
import { platformMode } from "@/lib/infra/connectors/get-connector";
import { sandboxAgencyToken } from "@/lib/infra/connectors/sandbox-connector";
import { ApiError, validationError } from "@/lib/core/common/api-error";

const blankToUndefined = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

export const ZConnectAccountBody = z.strictObject({
  platform: z.enum(PLATFORM_IDS, { error: "Pick a platform." }),
  displayName: z
    .string({ error: "Required." })
    .trim()
    .min(1, "Give the account a name.")
    .max(200, "At most 200 characters."),
  email: blankToUndefined(320, "At most 320 characters.").refine(
    (v) => v === undefined || /^[^\s@]+@[^\s@]+$/.test(v),
    "Must be an email address.",
  ),
  platformAccountId: blankToUndefined(255, "At most 255 characters."),
  /**
   * The business clients assign the agency to (a Meta Business ID): where the client's steps
   * name the agency by it, a request then needs no `businessManagerId` on its links.
   */
  businessId: blankToUndefined(255, "At most 255 characters.").refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]+$/.test(v),
    "The Business ID is the number shown in the platform's business settings, without spaces.",
  ),
  businessName: blankToUndefined(200, "At most 200 characters."),
  /** default: every service of the platform */
  services: z.array(z.string().max(100)).max(50).optional(),
});
export type TConnectAccountBody = z.infer<typeof ZConnectAccountBody>;

/** How a platform's agency account is connected on this installation. */
export type ConnectMode = "manual" | "sandbox" | "live" | "unavailable";

/** `sandboxPlatforms` forces every sign-in platform to the sandbox (true) or off (false); by default each platform's mode decides. */
export function connectMode(platform: string, sandboxPlatforms?: boolean): ConnectMode {
  const p = getPlatform(platform);
  if (!p) return "unavailable";
  if (p.connectorKind === "none") return "manual";
  // A platform whose services are granted by hand unless it is live (HubSpot) is recorded
  // as entered while it is not live: its steps need the agency's account all the same.
  const byHandUnlessLive = listCatalog()
    .filter((s) => s.platform === platform)
    .every((s) => s.clientFlow !== "one_click");
  const notLive = byHandUnlessLive ? "manual" : "unavailable";
  if (sandboxPlatforms !== undefined) return sandboxPlatforms ? "sandbox" : notLive;
  const mode = platformMode(platform);
  return mode === "sandbox" ? "sandbox" : mode === "live" ? "live" : notLive;
}

export async function connectAccountFromDashboard(opts: {
  agencyId: string;
  input: TConnectAccountBody;
  sandboxPlatforms?: boolean;
}): Promise<SerializedAccount> {
  const { agencyId } = opts;
  const body = ZConnectAccountBody.parse(opts.input);
  const mode = connectMode(body.platform, opts.sandboxPlatforms);
  if (mode === "live") {
    throw new ApiError(
      "VALIDATION_FAILED",
      `Sign in with ${getPlatform(body.platform)?.name ?? body.platform} to connect this account.`,
      [{ field: "platform", message: "Connected through the platform's sign-in." }],
    );
  }
  if (mode === "unavailable") {
    throw new ApiError(
      "CAPABILITY_REQUIRED",
      `Connecting a ${getPlatform(body.platform)?.name ?? body.platform} account needs its platform sign-in, which is not configured here.`,
      [{ field: "platform", message: "Not available on this installation." }],
    );
  }
  if (body.businessName && !body.businessId)
    throw validationError("businessId", "Give the Business ID too: clients are shown the ID, not the name.");
  return connectAccount({
    agencyId,
    platform: body.platform,
    displayName: body.displayName,
    email: body.email ?? null,
    platformAccountId: body.platformAccountId ?? null,
    ...(body.businessId || body.businessName
      ? { business: { id: body.businessId ?? "", name: body.businessName ?? null } }
      : {}),
    ...(body.services !== undefined ? { services: body.services } : {}),
    // the sandbox's sign-in token, so access checks and offboarding work offline
    ...(mode === "sandbox" ? { accessToken: sandboxAgencyToken(body.platform) } : {}),
  });
}
