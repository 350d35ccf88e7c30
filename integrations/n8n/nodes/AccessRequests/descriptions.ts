// The Access Requests node's parameters: one resource, then its operations and their fields
// (node parameter docs: https://docs.n8n.io/integrations/creating-nodes/build/reference/node-base-files/).
import type { INodeProperties } from "n8n-workflow";
import { EVENT_OPTIONS } from "../shared/events";

const show = (resource: string, operation: string[]) => ({ show: { resource: [resource], operation } });

function listFields(resource: string): INodeProperties[] {
  return [
    {
      displayName: "Return All",
      name: "returnAll",
      type: "boolean",
      displayOptions: show(resource, ["getAll"]),
      default: false,
      description: "Whether to return all results or only up to a given limit",
    },
    {
      displayName: "Limit",
      name: "limit",
      type: "number",
      displayOptions: { show: { resource: [resource], operation: ["getAll"], returnAll: [false] } },
      typeOptions: { minValue: 1 },
      default: 50,
      description: "Max number of results to return",
    },
  ];
}

const idempotencyKey: INodeProperties = {
  displayName: "Idempotency Key",
  name: "idempotencyKey",
  type: "string",
  default: "",
  description:
    "Sent as the Idempotency-Key header: a retry with the same key and body creates nothing new. Empty: a new key for each call.",
};

export const resourceProperty: INodeProperties = {
  displayName: "Resource",
  name: "resource",
  type: "options",
  noDataExpression: true,
  options: [
    { name: "Client", value: "client" },
    { name: "Request", value: "request" },
    { name: "Service", value: "service" },
    { name: "Webhook", value: "webhook" },
  ],
  default: "request",
};

export const operationProperties: INodeProperties[] = [
  {
    displayName: "Operation",
    name: "operation",
    type: "options",
    noDataExpression: true,
    displayOptions: { show: { resource: ["client"] } },
    options: [
      { name: "Create", value: "create", action: "Create a client", description: "Create a client" },
      { name: "Get", value: "get", action: "Get a client", description: "Get a client by ID" },
      { name: "Get Many", value: "getAll", action: "Get many clients", description: "List clients, oldest first" },
    ],
    default: "create",
  },
  {
    displayName: "Operation",
    name: "operation",
    type: "options",
    noDataExpression: true,
    displayOptions: { show: { resource: ["request"] } },
    options: [
      { name: "Cancel", value: "cancel", action: "Cancel a request", description: "Cancel an open access request" },
      { name: "Create", value: "create", action: "Create a request", description: "Create an access request" },
      { name: "Get", value: "get", action: "Get a request", description: "Get an access request by ID" },
      {
        name: "Get Many",
        value: "getAll",
        action: "Get many requests",
        description: "List access requests, oldest first",
      },
    ],
    default: "create",
  },
  {
    displayName: "Operation",
    name: "operation",
    type: "options",
    noDataExpression: true,
    displayOptions: { show: { resource: ["service"] } },
    options: [
      {
        name: "Get Many",
        value: "getAll",
        action: "Get many services",
        description: "List the services and roles that can be requested",
      },
    ],
    default: "getAll",
  },
  {
    displayName: "Operation",
    name: "operation",
    type: "options",
    noDataExpression: true,
    displayOptions: { show: { resource: ["webhook"] } },
    options: [
      { name: "Create", value: "create", action: "Create a webhook", description: "Create a webhook" },
      { name: "Delete", value: "delete", action: "Delete a webhook", description: "Delete a webhook" },
      { name: "Get", value: "get", action: "Get a webhook", description: "Get a webhook by ID" },
      { name: "Get Many", value: "getAll", action: "Get many webhooks", description: "List webhooks" },
    ],
    default: "create",
  },
];

export const clientFields: INodeProperties[] = [
  {
    displayName: "Name",
    name: "name",
    type: "string",
    required: true,
    displayOptions: show("client", ["create"]),
    default: "",
    description: "The contact person's name",
  },
  {
    displayName: "Email",
    name: "email",
    type: "string",
    placeholder: "name@email.com",
    required: true,
    displayOptions: show("client", ["create"]),
    default: "",
  },
  {
    displayName: "Additional Fields",
    name: "additionalFields",
    type: "collection",
    placeholder: "Add Field",
    displayOptions: show("client", ["create"]),
    default: {},
    options: [
      { displayName: "Company", name: "company", type: "string", default: "" },
      {
        displayName: "External Client ID",
        name: "externalClientId",
        type: "string",
        default: "",
        description: "Your own ID for the client, unique in your agency",
      },
      { ...idempotencyKey },
      {
        displayName: "Language",
        name: "language",
        type: "options",
        options: [
          { name: "Dutch", value: "Dutch" },
          { name: "English", value: "English" },
          { name: "Spanish", value: "Spanish" },
        ],
        default: "English",
        description: "Language of the client's pages and emails",
      },
      { displayName: "Website", name: "website", type: "string", default: "" },
    ],
  },
  {
    displayName: "Client ID",
    name: "clientId",
    type: "string",
    required: true,
    displayOptions: show("client", ["get"]),
    default: "",
  },
  ...listFields("client"),
  {
    displayName: "Filters",
    name: "filters",
    type: "collection",
    placeholder: "Add Filter",
    displayOptions: show("client", ["getAll"]),
    default: {},
    options: [
      { displayName: "Email", name: "email", type: "string", placeholder: "name@email.com", default: "" },
      { displayName: "External Client ID", name: "externalClientId", type: "string", default: "" },
    ],
  },
];

export const requestFields: INodeProperties[] = [
  {
    displayName: "Client ID",
    name: "clientId",
    type: "string",
    required: true,
    displayOptions: show("request", ["create"]),
    default: "",
    description: "The client to request access from",
  },
  {
    displayName: "Services",
    name: "services",
    type: "fixedCollection",
    typeOptions: { multipleValues: true },
    placeholder: "Add Service",
    displayOptions: show("request", ["create"]),
    default: {},
    options: [
      {
        displayName: "Service",
        name: "service",
        values: [
          {
            displayName: "Access Level",
            name: "accessLevel",
            type: "string",
            default: "",
            description: "One of the service's role values; empty for services without roles",
          },
          {
            displayName: "Account IDs",
            name: "accountIds",
            type: "string",
            default: "",
            description: "Your connected accounts' internalAccountId values, separated by commas",
          },
          {
            displayName: "Optional",
            name: "optional",
            type: "boolean",
            default: false,
            description: "Whether the client may skip this service",
          },
          {
            displayName: "Service Name or ID",
            name: "service",
            type: "options",
            typeOptions: { loadOptionsMethod: "getServices" },
            default: "",
            description:
              'The catalog service to request. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
          },
        ],
      },
    ],
  },
  {
    displayName: "Additional Fields",
    name: "additionalFields",
    type: "collection",
    placeholder: "Add Field",
    displayOptions: show("request", ["create"]),
    default: {},
    options: [
      {
        displayName: "Expires At",
        name: "expiresAt",
        type: "dateTime",
        default: "",
        description: "After this no new grants are accepted; at most one year ahead",
      },
      { ...idempotencyKey },
      {
        displayName: "Intake Form",
        name: "intakeForm",
        type: "boolean",
        default: false,
        description: "Whether to ask the client to fill in your intake form",
      },
      {
        displayName: "Redirect URL",
        name: "redirectUrl",
        type: "string",
        default: "",
        description: "Where the client is sent after finishing",
      },
      {
        displayName: "Send Email",
        name: "sendEmail",
        type: "boolean",
        default: false,
        description: "Whether to email the client the link",
      },
      { displayName: "Thank You Message", name: "thankYouMessage", type: "string", default: "" },
    ],
  },
  {
    displayName: "Request ID",
    name: "requestId",
    type: "string",
    required: true,
    displayOptions: show("request", ["get", "cancel"]),
    default: "",
  },
  ...listFields("request"),
  {
    displayName: "Filters",
    name: "filters",
    type: "collection",
    placeholder: "Add Filter",
    displayOptions: show("request", ["getAll"]),
    default: {},
    options: [
      { displayName: "Client ID", name: "clientId", type: "string", default: "" },
      { displayName: "External Client ID", name: "externalClientId", type: "string", default: "" },
      {
        displayName: "Status",
        name: "status",
        type: "options",
        options: [
          { name: "Cancelled", value: "cancelled" },
          { name: "Completed", value: "completed" },
          { name: "Expired", value: "expired" },
          { name: "In Progress", value: "in_progress" },
          { name: "Pending", value: "pending" },
        ],
        default: "pending",
      },
    ],
  },
];

export const webhookFields: INodeProperties[] = [
  {
    displayName: "URL",
    name: "url",
    type: "string",
    required: true,
    displayOptions: show("webhook", ["create"]),
    default: "",
    description: "The HTTPS endpoint that receives the signed deliveries",
  },
  {
    displayName: "Events",
    name: "events",
    type: "multiOptions",
    required: true,
    displayOptions: show("webhook", ["create"]),
    options: EVENT_OPTIONS,
    default: [],
  },
  {
    displayName: "Additional Fields",
    name: "additionalFields",
    type: "collection",
    placeholder: "Add Field",
    displayOptions: show("webhook", ["create"]),
    default: {},
    options: [{ ...idempotencyKey }],
  },
  {
    displayName: "Webhook ID",
    name: "webhookId",
    type: "string",
    required: true,
    displayOptions: show("webhook", ["get", "delete"]),
    default: "",
  },
  ...listFields("webhook"),
];
