// Updates a client: only sent fields change; metadata is replaced whole; externalClientId
// can be set once on a client that has none and never changed afterwards.
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import type { TUpdateClientBody } from "@/lib/core/clients/schemas";
import { serializeClient } from "@/lib/core/clients/serialize-client";
import { getClientOrThrow } from "@/lib/core/clients/get-client-or-throw";
import { externalIdConflict } from "@/lib/core/clients/create-client";
import { ApiError } from "@/lib/core/common/api-error";
import { isUniqueViolation } from "@/lib/core/common/to-api-error";

export async function updateClient(opts: { agencyId: string; id: string; input: TUpdateClientBody; tx?: Tx }) {
  const run = async (tx: Tx) => {
    const current = await getClientOrThrow({ agencyId: opts.agencyId, id: opts.id, tx });
    const { input } = opts;
    if (input.externalClientId !== undefined && input.externalClientId !== current.externalClientId) {
      if (current.externalClientId !== null) {
        throw new ApiError(
          "EXTERNAL_CLIENT_ID_IMMUTABLE",
          "externalClientId is already set on this client and cannot be changed.",
          [{ field: "externalClientId", message: "Cannot be changed once set." }],
        );
      }
      const taken = await tx.client.findFirst({
        where: { agencyId: opts.agencyId, externalClientId: input.externalClientId },
        select: { id: true },
      });
      if (taken) throw externalIdConflict();
    }
    const row = await tx.client.update({
      where: { id: current.id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.email !== undefined ? { email: input.email, emailNormalized: input.email.toLowerCase() } : {}),
        ...(input.company !== undefined ? { company: input.company } : {}),
        ...(input.website !== undefined ? { website: input.website } : {}),
        ...(input.language !== undefined ? { language: input.language } : {}),
        ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
        ...(input.externalClientId !== undefined ? { externalClientId: input.externalClientId } : {}),
      },
    });
    return serializeClient(row);
  };
  try {
    return await inTransaction(run, { tx: opts.tx });
  } catch (err) {
    if (isUniqueViolation(err)) throw externalIdConflict();
    throw err;
  }
}
