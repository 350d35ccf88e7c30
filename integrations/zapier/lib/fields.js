// Output fields of the API's objects: the labels the Zap editor shows for a client's and a
// request's fields (https://docs.zapier.com/platform/build-cli/overview, "Output fields").
"use strict";

const CLIENT_OUTPUT_FIELDS = [
  { key: "id", label: "Client ID" },
  { key: "externalClientId", label: "External Client ID" },
  { key: "name", label: "Name" },
  { key: "email", label: "Email" },
  { key: "company", label: "Company" },
  { key: "website", label: "Website" },
  { key: "language", label: "Language" },
  { key: "createdAt", label: "Created At", type: "datetime" },
];

const REQUEST_OUTPUT_FIELDS = [
  { key: "id", label: "Request ID" },
  { key: "clientId", label: "Client ID" },
  { key: "externalClientId", label: "External Client ID" },
  { key: "status", label: "Status" },
  { key: "stateVersion", label: "State Version", type: "integer" },
  { key: "inviteUrl", label: "Invite Link" },
  { key: "embedUrl", label: "Embed Link" },
  { key: "createdAt", label: "Created At", type: "datetime" },
  { key: "completedAt", label: "Completed At", type: "datetime" },
  { key: "expiresAt", label: "Expires At", type: "datetime" },
  { key: "cancelledAt", label: "Cancelled At", type: "datetime" },
];

module.exports = { CLIENT_OUTPUT_FIELDS, REQUEST_OUTPUT_FIELDS };
