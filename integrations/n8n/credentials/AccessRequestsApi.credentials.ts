// The connection to one Access Request Service instance: its address and an API key.
// n8n adds the key as `Authorization: Bearer <key>` to every request made with
// httpRequestWithAuthentication and tests the pair with `GET /api/v2/me`, which needs no
// scope (spec: Authentication, GET /me). Credentials docs:
// https://docs.n8n.io/integrations/creating-nodes/build/reference/credentials-files/
import type {
  IAuthenticateGeneric,
  Icon,
  ICredentialTestRequest,
  ICredentialType,
  INodeProperties,
} from "n8n-workflow";

export class AccessRequestsApi implements ICredentialType {
  name = "accessRequestsApi";

  displayName = "Access Requests API";

  icon: Icon = { light: "file:../icons/access-requests.svg", dark: "file:../icons/access-requests.dark.svg" };

  documentationUrl = "https://docs.n8n.io/integrations/community-nodes/installation-and-management/";

  properties: INodeProperties[] = [
    {
      displayName: "Instance URL",
      name: "url",
      type: "string",
      required: true,
      default: "",
      placeholder: "https://access.example-agency.com",
      description: "The address of your Access Request Service installation, without /api/v2",
    },
    {
      displayName: "API Key",
      name: "apiKey",
      type: "string",
      typeOptions: { password: true },
      required: true,
      default: "",
      description: "An API key from the dashboard (Developers, API keys). Webhook nodes need the webhooks scopes.",
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: "generic",
    properties: {
      headers: {
        Authorization: "=Bearer {{$credentials.apiKey}}",
      },
    },
  };

  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.url.replace(/\\/+$/, "")}}/api/v2',
      url: "/me",
      method: "GET",
    },
  };
}
