// Custom authentication (https://docs.zapier.com/platform/build/apikeyauth): the address of
// the installation and an API key from its dashboard, tested with GET /me, which needs no
// scope and names the agency and the key's scopes. The connection is labelled with the
// agency's name and the instance's host.
"use strict";

const { api, instanceBase } = require("./lib/api");

async function test(z, bundle) {
  const { data } = await api(z, bundle, { path: "/me" });
  return data;
}

function connectionLabel(z, bundle) {
  const me = bundle.inputData || {};
  const agency = me.agency && me.agency.name ? me.agency.name : "Agency";
  return `${agency} (${new URL(instanceBase(z, bundle)).host})`;
}

module.exports = {
  type: "custom",
  fields: [
    {
      key: "instanceUrl",
      label: "Instance URL",
      type: "string",
      required: true,
      helpText:
        "The address of your installation, as you open its dashboard: for example `https://access.example.com`.",
    },
    {
      key: "apiKey",
      label: "API Key",
      type: "password",
      required: true,
      helpText:
        "Create one in the dashboard's API keys page with the scopes of what your Zaps do: `clients:read`, `clients:create`, `requests:read`, `requests:create`, `requests:cancel`, `webhooks:read` and `webhooks:write` cover every trigger and action.",
    },
  ],
  test,
  connectionLabel,
};
