// Starts a workflow on the Access Request Service's webhook events. Activating the workflow
// creates a webhook (POST /api/v2/webhooks) for the chosen events pointing at n8n's URL for
// this node and keeps its signing secret in the node's static data; each delivery's
// Service-Signature is checked against the raw body before anything runs (a wrong or stale
// signature gets 401 and starts nothing); deactivating deletes the webhook.
// Webhook trigger lifecycle: https://docs.n8n.io/integrations/creating-nodes/build/reference/node-base-files/
import { randomUUID } from "crypto";
import { NodeConnectionTypes, NodeOperationError } from "n8n-workflow";
import type {
  IDataObject,
  IHookFunctions,
  INodeType,
  INodeTypeDescription,
  IWebhookFunctions,
  IWebhookResponseData,
} from "n8n-workflow";
import { EVENT_OPTIONS } from "../shared/events";
import { verifySignature } from "../shared/signature";
import { apiRequest } from "../shared/transport";

interface TriggerStaticData extends IDataObject {
  webhookId?: string;
  webhookSecret?: string;
}

export class AccessRequestsTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: "Access Requests Trigger",
    name: "accessRequestsTrigger",
    icon: { light: "file:../../icons/access-requests.svg", dark: "file:../../icons/access-requests.dark.svg" },
    group: ["trigger"],
    version: 1,
    subtitle: '={{$parameter["events"].join(", ")}}',
    description: "Starts the workflow on signed webhook events of an Access Request Service instance",
    defaults: { name: "Access Requests Trigger" },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: "accessRequestsApi", required: true }],
    webhooks: [{ name: "default", httpMethod: "POST", responseMode: "onReceived", path: "webhook" }],
    properties: [
      {
        displayName: "Events",
        name: "events",
        type: "multiOptions",
        required: true,
        options: EVENT_OPTIONS,
        default: ["request.completed"],
        description: "The events that start the workflow",
      },
    ],
  };

  webhookMethods = {
    default: {
      /** True when the webhook this node created still exists with n8n's URL. */
      async checkExists(this: IHookFunctions): Promise<boolean> {
        const data = this.getWorkflowStaticData("node") as TriggerStaticData;
        if (!data.webhookId || !data.webhookSecret) return false;
        // a 404: deleted meanwhile (in the dashboard), so create() makes a new one
        const found = await apiRequest.call(this, {
          method: "GET",
          path: `/webhooks/${data.webhookId}`,
          okStatuses: [404],
        });
        if ((found.data as IDataObject | null)?.url === this.getNodeWebhookUrl("default")) return true;
        delete data.webhookId;
        delete data.webhookSecret;
        return false;
      },

      async create(this: IHookFunctions): Promise<boolean> {
        const url = this.getNodeWebhookUrl("default");
        if (!url) throw new NodeOperationError(this.getNode(), "n8n gave no webhook URL for this node");
        const events = this.getNodeParameter("events") as string[];
        if (events.length === 0) throw new NodeOperationError(this.getNode(), "Choose at least one event");
        const created = await apiRequest.call(this, {
          method: "POST",
          path: "/webhooks",
          body: { url, events },
          idempotencyKey: randomUUID(),
        });
        const webhook = created.data as { id: string; secret: string };
        const data = this.getWorkflowStaticData("node") as TriggerStaticData;
        data.webhookId = webhook.id;
        data.webhookSecret = webhook.secret;
        return true;
      },

      async delete(this: IHookFunctions): Promise<boolean> {
        const data = this.getWorkflowStaticData("node") as TriggerStaticData;
        // a 404: already gone (deleted in the dashboard), nothing left to remove
        if (data.webhookId)
          await apiRequest.call(this, { method: "DELETE", path: `/webhooks/${data.webhookId}`, okStatuses: [404] });
        delete data.webhookId;
        delete data.webhookSecret;
        return true;
      },
    },
  };

  async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
    const data = this.getWorkflowStaticData("node") as TriggerStaticData;
    const req = this.getRequestObject();
    const header = this.getHeaderData()["service-signature"];
    const check = data.webhookSecret
      ? verifySignature({
          header: Array.isArray(header) ? header.join(",") : header,
          rawBody: req.rawBody ?? Buffer.from(""),
          secret: data.webhookSecret,
        })
      : ({ ok: false, reason: "this node has no webhook secret: deactivate and activate the workflow" } as const);
    if (!check.ok) {
      this.getResponseObject()
        .status(401)
        .json({ error: `Signature refused: ${check.reason}` });
      return { noWebhookResponse: true };
    }
    return { workflowData: [this.helpers.returnJsonArray(this.getBodyData())] };
  }
}
