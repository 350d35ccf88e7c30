// Search "Find Client": GET /clients by your own ID (exact, case-sensitive) or by email
// (case-insensitive; several clients can share one), newest first. Paired with Create Client
// as "Find or Create Client" (index.js).
"use strict";

const { api, asText } = require("../lib/api");
const { CLIENT } = require("../lib/samples");
const { CLIENT_OUTPUT_FIELDS } = require("../lib/fields");

async function perform(z, bundle) {
  const input = bundle.inputData || {};
  const externalClientId = asText(input.externalClientId);
  const email = asText(input.email);
  if (!externalClientId && !email) {
    throw new z.errors.Error("External Client ID or Email: give at least one to search by.", "VALIDATION_FAILED", 400);
  }
  const { data } = await api(z, bundle, { path: "/clients", params: { externalClientId, email, limit: 100 } });
  return data.reverse();
}

module.exports = {
  key: "find_client",
  noun: "Client",
  display: {
    label: "Find Client",
    description: "Finds a client by your own client ID or by email address.",
  },
  operation: {
    inputFields: [
      { key: "externalClientId", label: "External Client ID", required: false, helpText: "Your own ID, exactly." },
      { key: "email", label: "Email", required: false, helpText: "Case-insensitive; the newest match comes first." },
    ],
    perform,
    sample: CLIENT,
    outputFields: CLIENT_OUTPUT_FIELDS,
  },
};
