// Hidden triggers behind the dynamic dropdowns (`dynamic: "<trigger>.<value>.<label>"`,
// https://docs.zapier.com/platform/build/dynamic-dropdowns): the catalog's services
// (GET /services), the agency's clients and its open requests, newest first.
"use strict";

const { api, newest } = require("../lib/api");

function hidden(key, noun, perform) {
  return {
    key,
    noun,
    display: { hidden: true, label: `${noun} choices`, description: `Lists ${noun}s.` },
    operation: { perform },
  };
}

const serviceChoices = hidden("service_choices", "Service", async (z, bundle) => {
  const { data } = await api(z, bundle, { path: "/services" });
  return data.map((s) => ({
    id: s.id,
    label: `${s.id} (${s.platform}${s.grantMethod === "manual" ? ", the client follows steps" : ""})`,
  }));
});

const clientChoices = hidden("client_choices", "Client", async (z, bundle) => {
  const clients = await newest(z, bundle, "/clients");
  return clients.map((c) => ({
    id: c.id,
    label: [c.company || c.name, c.email, c.externalClientId && `#${c.externalClientId}`].filter(Boolean).join(" · "),
  }));
});

/** Requests that can still be cancelled: pending and in progress, newest first. */
const requestChoices = hidden("request_choices", "Request", async (z, bundle) => {
  const [pending, inProgress] = await Promise.all([
    newest(z, bundle, "/requests", { status: "pending" }, { keep: 50 }),
    newest(z, bundle, "/requests", { status: "in_progress" }, { keep: 50 }),
  ]);
  return [...pending, ...inProgress]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
    .map((r) => ({
      id: r.id,
      label: [
        r.externalClientId ? `#${r.externalClientId}` : `client ${r.clientId.slice(0, 8)}`,
        r.services.map((s) => s.service).join(", ") || "intake form",
        r.status.replace("_", " "),
        r.createdAt.slice(0, 10),
      ].join(" · "),
    }));
});

module.exports = { triggers: [serviceChoices, clientChoices, requestChoices] };
