// The Zapier integration of the Access Request Service: the app definition Zapier loads
// (https://docs.zapier.com/platform/build-cli/overview, "App definition"). It talks only to
// the instance named in the connection, through the V2 API (docs/api.md).
"use strict";

const { version } = require("./package.json");
const { version: platformVersion } = require("zapier-platform-core");
const authentication = require("./authentication");
const { addApiKey, throwApiErrors } = require("./lib/api");
const events = require("./triggers/events");
const choices = require("./triggers/choices");
const createClient = require("./creates/create-client");
const createRequest = require("./creates/create-request");
const cancelRequest = require("./creates/cancel-request");
const findClient = require("./searches/find-client");
const findRequest = require("./searches/find-request");

const byKey = (list) => Object.fromEntries(list.map((item) => [item.key, item]));

module.exports = {
  version,
  platformVersion,
  authentication,
  beforeRequest: [addApiKey],
  afterResponse: [throwApiErrors],
  triggers: byKey([...events.triggers, ...choices.triggers]),
  creates: byKey([createClient, createRequest, cancelRequest]),
  searches: byKey([findClient, findRequest]),
  searchOrCreates: {
    find_client: {
      key: "find_client",
      display: {
        label: "Find or Create Client",
        description: "Finds a client by your own client ID or email, and creates it when there is none.",
      },
      search: "find_client",
      create: "create_client",
    },
  },
};
