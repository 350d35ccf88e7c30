// The Access Requests node: clients, access requests, the service catalog and webhooks of
// an Access Request Service instance through its API V2 (the spec's Endpoints section).
// Programmatic style, so lists can follow the API's cursors:
// https://docs.n8n.io/integrations/creating-nodes/build/programmatic-style-node/
import { randomUUID } from "crypto";
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from "n8n-workflow";
import type {
  IDataObject,
  IExecuteFunctions,
  ILoadOptionsFunctions,
  INodeExecutionData,
  INodePropertyOptions,
  INodeType,
  INodeTypeDescription,
  JsonObject,
} from "n8n-workflow";
import { apiList, apiRequest, type ApiCall } from "../shared/transport";
import { clientFields, operationProperties, requestFields, resourceProperty, webhookFields } from "./descriptions";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Copies the non-empty values of a collection parameter. */
function filled(values: IDataObject, keys: string[]): IDataObject {
  const out: IDataObject = {};
  for (const key of keys) {
    const v = values[key];
    if (v !== undefined && v !== null && v !== "") out[key] = v;
  }
  return out;
}

export class AccessRequests implements INodeType {
  description: INodeTypeDescription = {
    displayName: "Access Requests",
    name: "accessRequests",
    icon: { light: "file:../../icons/access-requests.svg", dark: "file:../../icons/access-requests.dark.svg" },
    group: ["transform"],
    version: 1,
    subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
    description: "Create and follow access requests, clients and webhooks of an Access Request Service instance",
    defaults: { name: "Access Requests" },
    usableAsTool: true,
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: "accessRequestsApi", required: true }],
    properties: [resourceProperty, ...operationProperties, ...clientFields, ...requestFields, ...webhookFields],
  };

  methods = {
    loadOptions: {
      /** The catalog (GET /services) for the service picker: the id, labelled with its platform. */
      async getServices(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
        const credentials = await this.getCredentials<{ url: string }>("accessRequestsApi");
        const page = (await this.helpers.httpRequestWithAuthentication.call(this, "accessRequestsApi", {
          method: "GET",
          url: `${String(credentials.url).replace(/\/+$/, "")}/api/v2/services`,
          json: true,
        })) as { data: Array<{ id: string; platform: string }> };
        return page.data.map((s) => ({ name: `${s.platform}: ${s.id}`, value: s.id }));
      },
    },
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      try {
        const resource = this.getNodeParameter("resource", i) as string;
        const operation = this.getNodeParameter("operation", i) as string;
        const results = await runOperation.call(this, resource, operation, i);
        for (const json of results) out.push({ json, pairedItem: { item: i } });
      } catch (error) {
        if (this.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
          continue;
        }
        // both hand back an error that already is one of theirs (the API's refusals are NodeApiErrors)
        if (error instanceof NodeApiError) throw new NodeApiError(this.getNode(), error as unknown as JsonObject);
        throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
      }
    }
    return [out];
  }
}

/** A path id parameter, refused before any call when it is not a uuid (the API's ids are). */
function idParam(this: IExecuteFunctions, name: string, i: number): string {
  const id = String(this.getNodeParameter(name, i)).trim();
  if (!UUID.test(id))
    throw new NodeOperationError(this.getNode(), `${name} must be a UUID, got "${id.slice(0, 100)}"`, { itemIndex: i });
  return id;
}

async function list(this: IExecuteFunctions, call: ApiCall, i: number): Promise<IDataObject[]> {
  const returnAll = this.getNodeParameter("returnAll", i) as boolean;
  const max = returnAll ? undefined : (this.getNodeParameter("limit", i) as number);
  return apiList.call(this, { ...call, itemIndex: i }, max);
}

async function one(this: IExecuteFunctions, call: ApiCall): Promise<IDataObject[]> {
  return [(await apiRequest.call(this, call)).data as IDataObject];
}

function createKey(this: IExecuteFunctions, i: number): string {
  const fields = this.getNodeParameter("additionalFields", i, {}) as IDataObject;
  return String(fields.idempotencyKey ?? "").trim() || randomUUID();
}

function requestedServices(this: IExecuteFunctions, i: number): IDataObject {
  const services = (this.getNodeParameter("services", i, {}) as { service?: IDataObject[] }).service ?? [];
  const out: IDataObject = {};
  for (const s of services) {
    const id = String(s.service ?? "").trim();
    if (!id) throw new NodeOperationError(this.getNode(), "Each service needs a Service", { itemIndex: i });
    const entry: IDataObject = {};
    if (s.accessLevel) entry.accessLevel = s.accessLevel;
    if (s.optional) entry.optional = true;
    const accounts = String(s.accountIds ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean);
    if (accounts.length > 0) entry.requestedAccountLinks = accounts.map((internalAccountId) => ({ internalAccountId }));
    out[id] = entry;
  }
  return out;
}

async function runOperation(
  this: IExecuteFunctions,
  resource: string,
  operation: string,
  i: number,
): Promise<IDataObject[]> {
  const key = `${resource}.${operation}`;
  switch (key) {
    case "client.create": {
      const fields = this.getNodeParameter("additionalFields", i, {}) as IDataObject;
      const body: IDataObject = {
        name: this.getNodeParameter("name", i) as string,
        email: this.getNodeParameter("email", i) as string,
        ...filled(fields, ["externalClientId", "company", "website", "language"]),
      };
      return one.call(this, {
        method: "POST",
        path: "/clients",
        body,
        idempotencyKey: createKey.call(this, i),
        itemIndex: i,
      });
    }
    case "client.get":
      return one.call(this, { method: "GET", path: `/clients/${idParam.call(this, "clientId", i)}`, itemIndex: i });
    case "client.getAll": {
      const filters = this.getNodeParameter("filters", i, {}) as IDataObject;
      return list.call(
        this,
        { method: "GET", path: "/clients", qs: filled(filters, ["email", "externalClientId"]) },
        i,
      );
    }
    case "request.create": {
      const fields = this.getNodeParameter("additionalFields", i, {}) as IDataObject;
      const body: IDataObject = {
        clientId: idParam.call(this, "clientId", i),
        requestedServices: requestedServices.call(this, i),
        ...filled(fields, ["sendEmail", "thankYouMessage", "redirectUrl"]),
      };
      if (fields.intakeForm) body.intakeForm = { requested: true };
      if (fields.expiresAt) body.expiresAt = new Date(String(fields.expiresAt)).toISOString();
      return one.call(this, {
        method: "POST",
        path: "/requests",
        body,
        idempotencyKey: createKey.call(this, i),
        itemIndex: i,
      });
    }
    case "request.get":
      return one.call(this, { method: "GET", path: `/requests/${idParam.call(this, "requestId", i)}`, itemIndex: i });
    case "request.cancel":
      return one.call(this, {
        method: "POST",
        path: `/requests/${idParam.call(this, "requestId", i)}/cancel`,
        itemIndex: i,
      });
    case "request.getAll": {
      const filters = this.getNodeParameter("filters", i, {}) as IDataObject;
      return list.call(
        this,
        { method: "GET", path: "/requests", qs: filled(filters, ["clientId", "externalClientId", "status"]) },
        i,
      );
    }
    case "service.getAll":
      return (await apiRequest.call(this, { method: "GET", path: "/services", itemIndex: i })).data as IDataObject[];
    case "webhook.create": {
      const body: IDataObject = {
        url: this.getNodeParameter("url", i) as string,
        events: this.getNodeParameter("events", i) as string[],
      };
      return one.call(this, {
        method: "POST",
        path: "/webhooks",
        body,
        idempotencyKey: createKey.call(this, i),
        itemIndex: i,
      });
    }
    case "webhook.get":
      return one.call(this, { method: "GET", path: `/webhooks/${idParam.call(this, "webhookId", i)}`, itemIndex: i });
    case "webhook.delete":
      return one.call(this, {
        method: "DELETE",
        path: `/webhooks/${idParam.call(this, "webhookId", i)}`,
        itemIndex: i,
      });
    case "webhook.getAll":
      return list.call(this, { method: "GET", path: "/webhooks" }, i);
    default:
      throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not known for "${resource}"`, {
        itemIndex: i,
      });
  }
}
