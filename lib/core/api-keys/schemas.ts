// API key shapes for the dashboard's key form: a name and at least one known scope.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { API_SCOPES } from "@/lib/core/auth/scopes";
import { MAX_API_KEY_NAME } from "@/lib/core/api-keys/create-api-key";

export const ZCreateApiKeyBody = z.strictObject({
  name: z
    .string({ error: "Required." })
    .trim()
    .min(1, "Give the key a name.")
    .max(MAX_API_KEY_NAME, `At most ${MAX_API_KEY_NAME} characters.`),
  scopes: z
    .array(z.enum(API_SCOPES, { error: "Unknown scope." }), { error: "Choose at least one scope." })
    .min(1, "Choose at least one scope.")
    .refine((s) => new Set(s).size === s.length, "Each scope once."),
});
export type TCreateApiKeyBody = z.infer<typeof ZCreateApiKeyBody>;

export const ZApiKeyId = z.strictObject({ id: zUuid({ error: "Not a key id." }) });
