// Action "Create Client": POST /clients (docs/api.md; the spec's Client fields and limits).
// The API checks every field and names the one it refuses; its message reaches the user.
"use strict";

const { api, asText } = require("../lib/api");
const { CLIENT } = require("../lib/samples");
const { CLIENT_OUTPUT_FIELDS } = require("../lib/fields");

const LANGUAGES = ["English", "Spanish", "Dutch"];

async function perform(z, bundle) {
  const input = bundle.inputData || {};
  const body = {};
  for (const key of ["name", "email", "company", "website", "language", "externalClientId"]) {
    const value = asText(input[key]);
    if (value !== undefined) body[key] = value;
  }
  if (input.metadata && typeof input.metadata === "object" && Object.keys(input.metadata).length) {
    body.metadata = Object.fromEntries(Object.entries(input.metadata).map(([k, v]) => [k, String(v ?? "")]));
  }
  const { data } = await api(z, bundle, { method: "POST", path: "/clients", body, idempotent: true });
  return data;
}

module.exports = {
  key: "create_client",
  noun: "Client",
  display: {
    label: "Create Client",
    description: "Creates a client (the business access is requested from), keyed by your own ID if you give one.",
  },
  operation: {
    inputFields: [
      {
        key: "name",
        label: "Contact Name",
        required: true,
        helpText: "The contact person's name, at most 200 characters.",
      },
      { key: "email", label: "Email", required: true, helpText: "The contact's email address." },
      { key: "company", label: "Company", required: false },
      { key: "website", label: "Website", required: false },
      {
        key: "language",
        label: "Language",
        required: false,
        choices: LANGUAGES,
        default: "English",
        helpText: "The language of the client's pages and emails.",
      },
      {
        key: "externalClientId",
        label: "External Client ID",
        required: false,
        helpText:
          "Your own ID for the client (your CRM's, for example): unique in your agency, and cannot be changed later.",
      },
      {
        key: "metadata",
        label: "Metadata",
        dict: true,
        required: false,
        helpText: "Your own string values, at most 50.",
      },
    ],
    perform,
    sample: CLIENT,
    outputFields: CLIENT_OUTPUT_FIELDS,
  },
};
