"use server";
// Client changes from the dashboard, with the API's schemas and rules (externalClientId is
// set-once): create, edit by id and staff notes (members and above); delete a junk prospect
// (members and above) or a client (managers and owners), which removes the client's
// personal data and sends no webhook event.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { ZCreateClientBody, ZUpdateClientBody } from "@/lib/core/clients/schemas";
import { createClient } from "@/lib/core/clients/create-client";
import { updateClient } from "@/lib/core/clients/update-client";
import { deleteProspect } from "@/lib/core/clients/delete-prospect";
import { deleteClient } from "@/lib/core/clients/delete-client";
import { addClientNote, ZAddClientNote } from "@/lib/core/clients/client-notes";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";

export const createClientAction = dashboardAction(
  "clients:write",
  ZCreateClientBody,
  (input, ctx) => createClient({ agencyId: ctx.agencyId, input }),
  "client.created",
);

const ZUpdateClientAction = z.strictObject({ id: zUuid({ error: "id must be a uuid." }), patch: ZUpdateClientBody });

export const updateClientAction = dashboardAction(
  "clients:write",
  ZUpdateClientAction,
  (input, ctx) => updateClient({ agencyId: ctx.agencyId, id: input.id, input: input.patch }),
  "client.updated",
);

const ZDeleteProspectAction = z.strictObject({ id: zUuid({ error: "id must be a uuid." }) });

export const deleteProspectAction = dashboardAction(
  "clients:write",
  ZDeleteProspectAction,
  (input, ctx) => deleteProspect({ agencyId: ctx.agencyId, id: input.id }),
  "prospect.deleted",
);

const ZDeleteClientAction = z.strictObject({ id: zUuid({ error: "id must be a uuid." }) });

export const deleteClientAction = dashboardAction(
  "clients:delete",
  ZDeleteClientAction,
  (input, ctx) => deleteClient({ agencyId: ctx.agencyId, id: input.id }),
  "client.deleted",
);

export const addClientNoteAction = dashboardAction(
  "clients:write",
  ZAddClientNote,
  (input, ctx) => addClientNote({ agencyId: ctx.agencyId, author: { id: ctx.userId, name: ctx.email }, input }),
  "client.note_added",
);
