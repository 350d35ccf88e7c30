// Maps a client row to the API's Client object (the same shape everywhere).
import type { Client } from "@/generated/prisma/client";
import type { TClient } from "@/lib/core/clients/schemas";

export function serializeClient(c: Client): TClient {
  return {
    id: c.id,
    externalClientId: c.externalClientId,
    name: c.name,
    email: c.email,
    company: c.company,
    website: c.website,
    language: c.language as TClient["language"],
    metadata: (c.metadata ?? {}) as Record<string, string>,
    createdAt: c.createdAt.toISOString(),
  };
}
