"use server";
// Client changes from the dashboard, with the API's schemas and rules (externalClientId is
// set-once): create, and edit by id. Members and above.
import { z } from "zod";
import { ZCreateClientBody, ZUpdateClientBody } from "@/lib/core/clients/schemas";
import { createClient } from "@/lib/core/clients/create-client";
import { updateClient } from "@/lib/core/clients/update-client";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";

export const createClientAction = dashboardAction("clients:write", ZCreateClientBody, (input, ctx) => createClient({ agencyId: ctx.agencyId, input }), "client.created");

const ZUpdateClientAction = z.strictObject({ id: z.uuid({ error: "id must be a uuid." }), patch: ZUpdateClientBody });

export const updateClientAction = dashboardAction(
  "clients:write",
  ZUpdateClientAction,
  (input, ctx) => updateClient({ agencyId: ctx.agencyId, id: input.id, input: input.patch }),
  "client.updated",
);
