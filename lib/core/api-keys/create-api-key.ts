// Issuing an API key: the key is returned once and only its sha256 and a short display
// prefix are stored (see lib/auth/api-key-token.ts).
import { generateApiKey } from "@/lib/core/api-keys/api-key-token";
import { API_SCOPES, isApiScope, type ApiScope } from "@/lib/core/auth/scopes";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { notFound, validationError } from "@/lib/core/common/api-error";

import { UUID } from "@/lib/core/common/uuid";
export const MAX_API_KEY_NAME = 100;

export interface CreateApiKeyOptions {
  agencyId: string;
  scopes: readonly ApiScope[];
  name?: string;
  tx?: Tx;
}

export interface CreatedApiKey {
  id: string;
  name: string;
  /** the whole key: shown once, never stored */
  key: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
}

export async function createApiKey({
  agencyId,
  scopes,
  name = "API key",
  tx,
}: CreateApiKeyOptions): Promise<CreatedApiKey> {
  const unknown = scopes.find((s) => !isApiScope(s));
  if (unknown !== undefined)
    throw validationError("scopes", `Unknown scope "${unknown}". Known scopes: ${API_SCOPES.join(", ")}.`);
  if (scopes.length === 0) throw validationError("scopes", "At least one scope is required.");
  // stored in catalog order so two keys with the same rights look the same
  const ordered = API_SCOPES.filter((s) => scopes.includes(s));
  const trimmed = name.trim();
  if (!trimmed) throw validationError("name", "Must not be empty.");
  if (trimmed.length > MAX_API_KEY_NAME) throw validationError("name", `At most ${MAX_API_KEY_NAME} characters.`);
  if (!UUID.test(agencyId)) throw notFound("Agency");

  const db = tx ?? (await getDb());
  const agency = await db.agency.findUnique({ where: { id: agencyId }, select: { id: true } });
  if (!agency) throw notFound("Agency");
  const { key, hash, prefix } = generateApiKey();
  const row = await db.apiKey.create({ data: { agencyId, name: trimmed, prefix, keyHash: hash, scopes: ordered } });
  return {
    id: row.id,
    name: row.name,
    key,
    prefix: row.prefix,
    scopes: ordered,
    createdAt: row.createdAt.toISOString(),
  };
}
