// Creates a client (or a prospect from the static link) and records client.created.
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import type { TCreateClientBody } from "@/lib/core/clients/schemas";
import { serializeClient } from "@/lib/core/clients/serialize-client";
import { recordAndReact } from "@/lib/core/reactions/record-and-react";
import { ApiError } from "@/lib/core/common/api-error";
import { isUniqueViolation } from "@/lib/core/common/to-api-error";

export async function createClient(opts: {
  agencyId: string;
  input: TCreateClientBody;
  isProspect?: boolean;
  tx?: Tx;
}) {
  const run = async (tx: Tx) => {
    const { input } = opts;
    if (input.externalClientId) {
      const taken = await tx.client.findFirst({
        where: { agencyId: opts.agencyId, externalClientId: input.externalClientId },
        select: { id: true },
      });
      if (taken) throw externalIdConflict();
    }
    const row = await tx.client.create({
      data: {
        agencyId: opts.agencyId,
        name: input.name,
        email: input.email,
        emailNormalized: input.email.toLowerCase(),
        company: input.company ?? null,
        website: input.website ?? null,
        language: input.language,
        metadata: input.metadata,
        externalClientId: input.externalClientId ?? null,
        isProspect: opts.isProspect ?? false,
      },
    });
    const client = serializeClient(row);
    await recordAndReact(tx, { agencyId: opts.agencyId, type: "client.created", data: { client } });
    return client;
  };
  try {
    return await inTransaction(run, { tx: opts.tx });
  } catch (err) {
    if (isUniqueViolation(err)) throw externalIdConflict();
    throw err;
  }
}

export function externalIdConflict() {
  return new ApiError(
    "EXTERNAL_CLIENT_ID_CONFLICT",
    "externalClientId is already used by another client of this agency.",
    [{ field: "externalClientId", message: "Already in use." }],
  );
}
