// Action "Cancel Access Request": POST /requests/{id}/cancel. Cancelling a cancelled request
// succeeds again; a completed or expired one is refused by the API (409 INVALID_STATE), and
// that message reaches the user.
"use strict";

const { api, asText } = require("../lib/api");
const { REQUEST } = require("../lib/samples");
const { REQUEST_OUTPUT_FIELDS } = require("../lib/fields");

async function perform(z, bundle) {
  const id = asText((bundle.inputData || {}).requestId);
  if (!id) throw new z.errors.Error("Request: give the ID of the request to cancel.", "VALIDATION_FAILED", 400);
  const res = await api(z, bundle, {
    method: "POST",
    path: `/requests/${encodeURIComponent(id)}/cancel`,
    allow: [404],
  });
  if (res.status === 404) {
    throw new z.errors.Error(`Request: no access request ${id.slice(0, 100)} in this agency.`, "NOT_FOUND", 404);
  }
  return res.data;
}

module.exports = {
  key: "cancel_request",
  noun: "Access Request",
  display: {
    label: "Cancel Access Request",
    description: "Cancels an open access request: the client can no longer grant access with its link.",
  },
  operation: {
    inputFields: [
      {
        key: "requestId",
        label: "Request",
        required: true,
        dynamic: "request_choices.id.label",
        search: "find_request.id",
        helpText: "An open request (pending or in progress). Use a Find Access Request step to pick one by client.",
      },
    ],
    perform,
    sample: { ...REQUEST, status: "cancelled", stateVersion: 2, cancelledAt: "2026-11-04T08:02:45.009Z" },
    outputFields: REQUEST_OUTPUT_FIELDS,
  },
};
