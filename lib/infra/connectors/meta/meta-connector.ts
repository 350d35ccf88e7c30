// The Meta connector: Facebook Login, listing the client's Business Managers, ad accounts,
// Pages, catalogs, pixels and Instagram accounts, and partner access for the agency's
// Business Manager, read back and removed (offboarding), and the agency's people assigned to what was shared. Each concern has its own module in this folder.

import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { listMetaAgencyIdentities, listMetaAssets } from "@/lib/infra/connectors/meta/meta-assets";
import { MetaGraph } from "@/lib/infra/connectors/meta/meta-graph";
import { grantMetaAccess, verifyMetaAccess } from "@/lib/infra/connectors/meta/meta-grants";
import { assignMetaPeople, listMetaAgencyPeople } from "@/lib/infra/connectors/meta/meta-people";
import { metaRemovalToken, removeMetaAccess } from "@/lib/infra/connectors/meta/meta-removal";
import {
  exchangeMetaCode,
  exchangeMetaLongLived,
  metaAuthorizationUrl,
  type MetaApp,
} from "@/lib/infra/connectors/meta/meta-oauth";

export function createMetaConnector(app: MetaApp, http: ConnectorHttp): PlatformConnector {
  const graph = new MetaGraph(http, app.appSecret);
  return {
    platform: "meta",
    beginSignIn: (input) => ({ authorizationUrl: metaAuthorizationUrl(http, app, input) }),
    async handleCallback(input) {
      const tokens = await exchangeMetaCode(http, app, input);
      return input.agency ? exchangeMetaLongLived(http, app, tokens.accessToken) : tokens;
    },
    listAssets: ({ accessToken, serviceId }) => listMetaAssets(graph, accessToken, serviceId),
    grantAccess: (input) => grantMetaAccess(graph, input),
    listAgencyIdentities: ({ accessToken }) => listMetaAgencyIdentities(graph, accessToken),
    verifyAccess: (input) => verifyMetaAccess(graph, input),
    removeAccess: (input) => removeMetaAccess(graph, input),
    removalToken: metaRemovalToken,
    listAgencyPeople: (input) => listMetaAgencyPeople(graph, input),
    assignPeople: (input) => assignMetaPeople(graph, input),
  };
}
