// The Usage object of GET /usage as a zod schema (the contract for the OpenAPI document);
// the domain's UsageView must stay exactly this shape, which the type check below enforces.
import { z } from "zod";
import type { UsageView } from "@/lib/core/domain/usage";

const ZUsageCounter = z.object({
  used: z.number().int(),
  limit: z.number().int().nullable().meta({ description: "Null: no limit applies." }),
  remaining: z.number().int().nullable().meta({ description: "Never below 0; null when there is no limit." }),
});

export const ZUsage = z.object({
  plan: z.string().nullable(),
  billingPeriod: z.string().nullable(),
  trial: z.boolean(),
  apiAccess: z.boolean(),
  countingMode: z.literal("access_links"),
  period: z.object({
    start: z.iso.datetime(),
    end: z.iso.datetime().meta({ description: "Exclusive: the first instant of the next month." }),
    timezone: z.literal("UTC"),
  }),
  clients: ZUsageCounter,
  prospects: ZUsageCounter.meta({ description: "Counted separately from clients." }),
  overage: z.object({
    enabled: z.boolean(),
    included: z.number().int().nullable().meta({
      description:
        "Client links covered before billing starts. Unless set for the agency, the client limit; null (no limit and nothing set): nothing is billed.",
    }),
    billableUnits: z
      .number()
      .int()
      .meta({ description: "Client links beyond `included` this month, billed instead of refused." }),
  }),
});
export type TUsage = z.infer<typeof ZUsage>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<TUsage, UsageView>;
