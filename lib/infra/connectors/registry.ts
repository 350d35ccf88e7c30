// The real platform connectors: per platform, when it is configured (its credentials
// are set) and how to make it. One entry per platform; the connector's own folder holds
// everything else.
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import type { TEnv } from "@/lib/infra/env";
import { createMetaConnector } from "@/lib/infra/connectors/meta/meta-connector";

export type ConnectorEnv = Pick<
  TEnv,
  | "META_APP_ID"
  | "META_APP_SECRET"
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "GOOGLE_ADS_DEVELOPER_TOKEN"
  | "TIKTOK_APP_ID"
  | "TIKTOK_APP_SECRET"
  | "LINKEDIN_CLIENT_ID"
  | "LINKEDIN_CLIENT_SECRET"
  | "PINTEREST_APP_ID"
  | "PINTEREST_APP_SECRET"
  | "SNAPCHAT_CLIENT_ID"
  | "SNAPCHAT_CLIENT_SECRET"
  | "MICROSOFT_CLIENT_ID"
  | "MICROSOFT_CLIENT_SECRET"
  | "MICROSOFT_ADS_DEVELOPER_TOKEN"
  | "sandboxPlatformList"
  | "platformHostOverrides"
>;

export type RealConnectorEntry = {
  configured: (e: ConnectorEnv) => boolean;
  create: (e: ConnectorEnv, http: ConnectorHttp) => PlatformConnector;
};

export const REAL_CONNECTORS: Readonly<Partial<Record<string, RealConnectorEntry>>> = {
  meta: {
    configured: (e) => !!e.META_APP_ID && !!e.META_APP_SECRET,
    create: (e, http) => createMetaConnector({ appId: e.META_APP_ID!, appSecret: e.META_APP_SECRET! }, http),
  },
};
