// The client's current access (`GET /clients/{id}/access` and the client's own access page):
// one line per granted asset that is not removed, with who granted it and what the last
// access check found. Read-only; the zod schema is the contract and the OpenAPI document.
import { z } from "zod";

export const ACCESS_LINE_STATES = ["active", "pending_acceptance", "lost", "unchecked"] as const;
export type AccessLineState = (typeof ACCESS_LINE_STATES)[number];

export const ZClientAccessLine = z.object({
  requestId: z.uuid(),
  service: z.string().meta({ description: "The catalog service the access was granted for." }),
  platform: z.string(),
  asset: z.object({
    id: z.string().meta({ description: "The asset's id on the platform." }),
    name: z.string().nullable(),
  }),
  accessLevel: z.string().nullable().meta({ description: "The role granted, one of the service's role values." }),
  grantedAt: z.iso.datetime().nullable(),
  grantedBy: z.object({
    kind: z.enum(["client", "colleague", "agency"]).meta({
      description:
        "`client`: the client granted it; `colleague`: a colleague the client handed the service to; `agency`: the agency's team recorded it.",
    }),
    name: z.string().nullable().meta({ description: "The client's or colleague's name; null for `agency`." }),
  }),
  state: z.enum(ACCESS_LINE_STATES).meta({
    description:
      "At the last access check: `active` (the platform confirmed it), `pending_acceptance` (an invitation the agency has not accepted yet), `lost` (no longer there), `unchecked` (not checked yet, or the platform offers no read).",
  }),
  checkedAt: z.iso.datetime().nullable().meta({ description: "When the access was last checked." }),
});
export type TClientAccessLine = z.infer<typeof ZClientAccessLine>;

export const ZClientAccess = z.object({
  clientId: z.uuid(),
  items: z.array(ZClientAccessLine),
});
export type TClientAccess = z.infer<typeof ZClientAccess>;
