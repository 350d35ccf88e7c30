// Search "Find Access Request": by its ID (GET /requests/{id}), or the newest request of a
// client, by the client's ID or your own client ID, optionally in one status (GET /requests).
"use strict";

const { api, newest, asText } = require("../lib/api");
const { REQUEST } = require("../lib/samples");
const { REQUEST_OUTPUT_FIELDS } = require("../lib/fields");

const STATUSES = ["pending", "in_progress", "completed", "cancelled", "expired"];

async function perform(z, bundle) {
  const input = bundle.inputData || {};
  const requestId = asText(input.requestId);
  const clientId = asText(input.clientId);
  const externalClientId = asText(input.externalClientId);
  const status = asText(input.status);
  if (requestId) {
    // a request of another agency, or no request at all, reads as not found
    const res = await api(z, bundle, { path: `/requests/${encodeURIComponent(requestId)}`, allow: [404] });
    return res.status === 404 ? [] : [res.data];
  }
  if (!clientId && !externalClientId) {
    throw new z.errors.Error(
      "Request ID, Client or External Client ID: give at least one to search by.",
      "VALIDATION_FAILED",
      400,
    );
  }
  return newest(z, bundle, "/requests", { clientId, externalClientId, status }, { keep: 10 });
}

module.exports = {
  key: "find_request",
  noun: "Access Request",
  display: {
    label: "Find Access Request",
    description: "Finds an access request by its ID, or a client's newest request (optionally in a given status).",
  },
  operation: {
    inputFields: [
      { key: "requestId", label: "Request ID", required: false },
      {
        key: "clientId",
        label: "Client",
        required: false,
        dynamic: "client_choices.id.label",
        search: "find_client.id",
      },
      { key: "externalClientId", label: "External Client ID", required: false, helpText: "Your own client ID." },
      { key: "status", label: "Status", required: false, choices: STATUSES },
    ],
    perform,
    sample: REQUEST,
    outputFields: REQUEST_OUTPUT_FIELDS,
  },
};
