// Client shapes: the zod schemas are the contract (validation, types and the OpenAPI document).
import { z } from "zod";

export const LANGUAGES = ["English", "Spanish", "Dutch"] as const;
export const METADATA_VALUE_MAX = 500;
export const METADATA_MAX_ENTRIES = 50;
export const METADATA_KEY_MAX = 100;

const blankToNull = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullable()
    .transform((v) => (v === null || v.trim() === "" ? null : v));

export const ZEmail = z
  .string()
  .max(320, "email must be at most 320 characters.")
  .regex(/^[^\s@]+@[^\s@]+$/, "email must be an email address.");

export const ZExternalClientId = z
  .string()
  .min(1, "externalClientId must not be empty.")
  .max(255, "externalClientId must be at most 255 characters.")
  .refine((v) => v.trim() === v, "externalClientId must not have surrounding spaces.");

// Key length is checked on the whole record, not with a key schema: zod reports a bad
// record key as "Invalid key in record" under a field named by the (possibly huge) key.
export const ZMetadata = z
  .record(
    z.string(),
    z
      .string({ error: "metadata values must be strings." })
      .max(METADATA_VALUE_MAX, `metadata values must be at most ${METADATA_VALUE_MAX} characters.`),
  )
  .superRefine((m, ctx) => {
    const keys = Object.keys(m);
    if (keys.length > METADATA_MAX_ENTRIES)
      ctx.addIssue({ code: "custom", message: `metadata holds at most ${METADATA_MAX_ENTRIES} entries.` });
    if (keys.some((k) => k.length > METADATA_KEY_MAX))
      ctx.addIssue({ code: "custom", message: `metadata keys must be at most ${METADATA_KEY_MAX} characters.` });
  })
  .meta({
    description: `At most ${METADATA_MAX_ENTRIES} entries; keys at most ${METADATA_KEY_MAX} characters; string values at most ${METADATA_VALUE_MAX} characters.`,
  });

export const ZLanguage = z.enum(LANGUAGES, { error: "language must be one of English, Spanish, Dutch." });

export const ZCreateClientBody = z.strictObject({
  name: z
    .string({ error: "name is required." })
    .trim()
    .min(1, "name is required.")
    .max(200, "name must be at most 200 characters."),
  email: ZEmail,
  company: blankToNull(200, "company").optional(),
  website: blankToNull(2048, "website").optional(),
  language: ZLanguage.default("English"),
  metadata: ZMetadata.default({}),
  externalClientId: ZExternalClientId.nullable().optional(),
});
export type TCreateClientBody = z.infer<typeof ZCreateClientBody>;

export const ZUpdateClientBody = z.strictObject({
  name: z.string().trim().min(1, "name must not be empty.").max(200, "name must be at most 200 characters.").optional(),
  email: ZEmail.optional(),
  company: blankToNull(200, "company").optional(),
  website: blankToNull(2048, "website").optional(),
  language: ZLanguage.optional(),
  metadata: ZMetadata.optional(),
  externalClientId: ZExternalClientId.optional(),
});
export type TUpdateClientBody = z.infer<typeof ZUpdateClientBody>;

export const ZLimit = z.coerce
  .number({ error: "limit must be an integer from 1 to 100." })
  .int("limit must be an integer from 1 to 100.")
  .min(1, "limit must be an integer from 1 to 100.")
  .max(100, "limit must be an integer from 1 to 100.")
  .default(50);

/** The previous page's `meta.nextCursor`; an empty cursor is refused rather than read as absent. */
export const ZCursor = z
  .string()
  .min(1, "cursor must not be empty: omit it for the first page.")
  .max(500, "cursor must be at most 500 characters.")
  .optional()
  .meta({ description: "The previous page's `meta.nextCursor`, with the same filters. Omit for the first page." });

export const ZListClientsQuery = z.strictObject({
  limit: ZLimit,
  cursor: ZCursor,
  externalClientId: z.string().max(255).optional(),
  email: z.string().max(320).optional(),
});
export type TListClientsQuery = z.infer<typeof ZListClientsQuery>;

export const ZClient = z
  .object({
    id: z.uuid(),
    externalClientId: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    website: z.string().nullable(),
    language: ZLanguage,
    metadata: z.record(z.string(), z.string()),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Client", description: "A business access is requested from (a client or a prospect)." });
export type TClient = z.infer<typeof ZClient>;
