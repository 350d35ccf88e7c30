// Zod schemas of the V2 response objects whose producers are typed by interfaces rather than
// schemas (the current key, connected accounts, catalog services). Each is checked at compile
// time to be exactly the producer's type, so the document cannot drift from the responses.
import { z } from "zod";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { API_CATALOG_SERVICES, PLATFORM_IDS, SERVICE_IDS, type ApiCatalogService } from "@/lib/core/catalog/catalog";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const ZMe = z.object({
  agency: z.object({ id: z.uuid(), name: z.string() }),
  apiKey: z.object({ id: z.uuid(), scopes: z.array(z.string()) }),
});
export type TMe = z.infer<typeof ZMe>;

export const ZConnectedAccount = z.object({
  internalAccountId: z.string().meta({ description: "Use in `requestedAccountLinks[].internalAccountId`." }),
  platform: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  platformAccountId: z.string().nullable().meta({ description: "The account's id on the platform." }),
  business: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  services: z.array(z.string()).meta({ description: "Services this account can receive access to." }),
  status: z.enum(["connected", "disconnected"]),
  linkedAt: z.iso.datetime(),
});
true satisfies Same<z.infer<typeof ZConnectedAccount>, SerializedAccount>;

// The catalog's ids as named enums, so the document, the SDK's types and the collection list
// every service and platform GET /services answers with. The catalog only grows: a client
// should still accept an id it does not know yet.
export const ZServiceId = z.enum(SERVICE_IDS).meta({
  id: "ServiceId",
  description:
    "A service of the catalog: the key to use in `requestedServices`. GET /services lists each with its roles; services are only ever added.",
});
export const ZPlatformId = z.enum(PLATFORM_IDS).meta({
  id: "PlatformId",
  description: "A platform of the catalog; platforms are only ever added.",
});

/** Every role value of the catalog, once: what `accessLevel` takes for a service with one role. */
const ROLE_VALUES = [...new Set(API_CATALOG_SERVICES.flatMap((s) => s.roles.map((r) => r.value)))];

export const ZCatalogService = z.object({
  id: ZServiceId,
  platform: ZPlatformId,
  roles: z
    .array(
      z
        .object({
          // the union in the document (typed clients see each value); the catalog only grows
          value: z.string().meta({ description: "Use as `accessLevel`.", enum: ROLE_VALUES }),
          label: z.string(),
          readOnly: z.boolean(),
        })
        .readonly(),
    )
    .readonly()
    .meta({ description: "Empty when the service has no roles: omit `accessLevel` then." }),
  grantMethod: z
    .enum(["automatic", "manual"])
    .meta({ description: "manual: the client follows instructions instead of granting in one click." }),
  clientSignInRequired: z.boolean(),
  accountLinkFields: z
    .array(
      z
        .object({
          name: z.string(),
          required: z.boolean(),
          requiredWhen: z.enum(["account_without_business"]).optional().meta({
            description:
              "Present when a field that is not always required is required in a case: `account_without_business` when the linked account (`internalAccountId`) has no business (`business: null` in `GET /accounts`), because the client's steps assign the agency by its Business ID. Such a request is refused with 400 naming `requestedServices.<id>.requestedAccountLinks[<n>].<name>`.",
          }),
        })
        .readonly(),
    )
    .readonly()
    .meta({ description: "Extra fields each requested account link of this service takes." }),
});
true satisfies Same<z.infer<typeof ZCatalogService>, ApiCatalogService>;
