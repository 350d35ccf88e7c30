// Action "Create Access Request": POST /requests. The services come from the catalog
// (GET /services, a dynamic dropdown); once chosen, each gets its own fields, built from the
// catalog and the agency's accounts (GET /accounts): its role, the accounts to grant access
// to, whether the client may skip it, and the extra account-link fields the catalog lists.
// Dynamic fields: https://docs.zapier.com/platform/build/dynamic-fields (a function in
// inputFields, re-run when a field with altersDynamicFields changes).
"use strict";

const { api, asBoolean, asText } = require("../lib/api");
const { REQUEST } = require("../lib/samples");
const { REQUEST_OUTPUT_FIELDS } = require("../lib/fields");

/** The base fields of an account link; the catalog's `accountLinkFields` may list more. */
const BASE_LINK_FIELDS = new Set(["internalAccountId"]);

const roleKey = (service) => `role_${service}`;
const accountsKey = (service) => `accounts_${service}`;
const optionalKey = (service) => `optional_${service}`;
const linkFieldKey = (service, name) => `link_${service}_${name}`;

function chosenServices(bundle) {
  const raw = (bundle.inputData || {}).services;
  const list = Array.isArray(raw) ? raw : raw ? String(raw).split(",") : [];
  return [...new Set(list.map((s) => String(s).trim()).filter(Boolean))];
}

async function catalogAndAccounts(z, bundle) {
  const [services, accounts] = await Promise.all([
    api(z, bundle, { path: "/services" }),
    api(z, bundle, { path: "/accounts" }),
  ]);
  return { catalog: new Map(services.data.map((s) => [s.id, s])), accounts: accounts.data };
}

function accountLabel(a) {
  const name = a.displayName || a.email || a.platformAccountId || a.internalAccountId;
  return a.business && a.business.name ? `${name} (${a.business.name})` : name;
}

/** The fields of each chosen service. */
async function serviceFields(z, bundle) {
  const chosen = chosenServices(bundle);
  if (!chosen.length) return [];
  const { catalog, accounts } = await catalogAndAccounts(z, bundle);
  const fields = [];
  for (const id of chosen) {
    const service = catalog.get(id);
    if (!service) continue; // the create names an unknown service in its refusal
    if (service.roles.length) {
      fields.push({
        key: roleKey(id),
        label: `${id}: Role`,
        required: true,
        choices: service.roles.map((r) => ({ value: r.value, label: r.label, sample: r.value })),
        helpText: `The access ${id} asks for.`,
      });
    }
    const usable = accounts.filter((a) => a.status === "connected" && a.services.includes(id));
    const choices = usable.map((a) => ({
      value: a.internalAccountId,
      label: accountLabel(a),
      sample: a.internalAccountId,
    }));
    fields.push({
      key: accountsKey(id),
      label: `${id}: Your Accounts`,
      required: false,
      list: true,
      ...(choices.length ? { choices } : {}),
      ...(usable.length === 1 ? { default: usable[0].internalAccountId } : {}),
      helpText: choices.length
        ? `Your connected accounts the client grants ${id} to.`
        : `None of your connected accounts offers ${id}: connect one in the dashboard's Accounts page, or give an account's internal ID.`,
    });
    for (const f of service.accountLinkFields) {
      if (BASE_LINK_FIELDS.has(f.name)) continue;
      fields.push({
        key: linkFieldKey(id, f.name),
        label: `${id}: ${f.name}`,
        required: Boolean(f.required),
        helpText: `Sent with each account link of ${id} as \`${f.name}\`.`,
      });
    }
    fields.push({
      key: optionalKey(id),
      label: `${id}: Optional`,
      type: "boolean",
      required: false,
      default: "false",
      helpText: "The client may skip it.",
    });
  }
  return fields;
}

function listOf(value) {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  const text = asText(value);
  return text
    ? text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

/** The POST /requests body the Zap's fields describe. */
function requestBody(bundle) {
  const input = bundle.inputData || {};
  const requestedServices = {};
  for (const id of chosenServices(bundle)) {
    const extra = {};
    for (const [key, value] of Object.entries(input)) {
      const prefix = `link_${id}_`;
      if (key.startsWith(prefix) && asText(value) !== undefined) extra[key.slice(prefix.length)] = asText(value);
    }
    const entry = {};
    const role = asText(input[roleKey(id)]);
    if (role !== undefined) entry.accessLevel = role;
    const optional = asBoolean(input[optionalKey(id)]);
    if (optional !== undefined) entry.optional = optional;
    const links = listOf(input[accountsKey(id)]).map((internalAccountId) => ({ internalAccountId, ...extra }));
    if (links.length) entry.requestedAccountLinks = links;
    requestedServices[id] = entry;
  }
  const body = { clientId: asText(input.clientId) };
  if (Object.keys(requestedServices).length) body.requestedServices = requestedServices;
  if (asBoolean(input.intakeForm)) body.intakeForm = { requested: true };
  const sendEmail = asBoolean(input.sendEmail);
  if (sendEmail !== undefined) body.sendEmail = sendEmail;
  for (const key of ["thankYouMessage", "redirectUrl"]) {
    const value = asText(input[key]);
    if (value !== undefined) body[key] = value;
  }
  const expiresAt = asText(input.expiresAt);
  if (expiresAt !== undefined) {
    const at = new Date(expiresAt);
    // an unreadable date goes as typed: the API refuses it naming `expiresAt`
    body.expiresAt = Number.isNaN(at.getTime()) ? expiresAt : at.toISOString();
  }
  return body;
}

async function perform(z, bundle) {
  const { data } = await api(z, bundle, {
    method: "POST",
    path: "/requests",
    body: requestBody(bundle),
    idempotent: true,
  });
  return data;
}

module.exports = {
  key: "create_request",
  noun: "Access Request",
  display: {
    label: "Create Access Request",
    description: "Creates an access request for a client and returns the link to send them.",
  },
  operation: {
    inputFields: [
      {
        key: "clientId",
        label: "Client",
        required: true,
        dynamic: "client_choices.id.label",
        search: "find_client.id",
        helpText: "The client to ask for access. Use a Find Client step to pick one by your own ID or email.",
      },
      {
        key: "services",
        label: "Services",
        required: false,
        list: true,
        dynamic: "service_choices.id.label",
        altersDynamicFields: true,
        helpText: "The services to ask for. Each one then gets its role, your accounts and whether it is optional.",
      },
      serviceFields,
      {
        key: "intakeForm",
        label: "Ask the Intake Form",
        type: "boolean",
        required: false,
        default: "false",
        helpText: "Ask the client to fill in your intake form (it must be set up in the dashboard).",
      },
      { key: "sendEmail", label: "Email the Client the Link", type: "boolean", required: false, default: "false" },
      { key: "thankYouMessage", label: "Thank-You Message", type: "text", required: false },
      {
        key: "redirectUrl",
        label: "Redirect URL",
        required: false,
        helpText: "Where the client is sent after finishing (an absolute http(s) address).",
      },
      {
        key: "expiresAt",
        label: "Deadline",
        type: "datetime",
        required: false,
        helpText: "After this no new grants are accepted; at most one year ahead. Empty: the request never expires.",
      },
    ],
    perform,
    sample: REQUEST,
    outputFields: REQUEST_OUTPUT_FIELDS,
  },
};
