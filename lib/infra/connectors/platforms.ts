// Every platform the app knows, one manifest each, in the catalog's platform order (the
// order of GET /services and of the pages' platform lists). A platform's folder
// (lib/infra/connectors/<platform>/) holds its manifest, and its connector where it has
// one (registry.ts; site-registry.ts for a platform the client's own site approves). The
// rest of the app reads platforms from here and from those registries, never from a
// platform's folder, and names no platform: test/ops/lint-rules.test.ts checks that.
// This file makes no platform call itself; each call is in its platform's folder, with the
// platform's documentation page named beside it (docs/platforms.md lists them per platform).
import type { PlatformManifest } from "@/lib/infra/connectors/platform-manifest";
import { META_MANIFEST } from "@/lib/infra/connectors/meta/meta-manifest";
import { GOOGLE_MANIFEST } from "@/lib/infra/connectors/google/google-manifest";
import { TIKTOK_MANIFEST } from "@/lib/infra/connectors/tiktok/tiktok-manifest";
import { LINKEDIN_MANIFEST } from "@/lib/infra/connectors/linkedin/linkedin-manifest";
import { MICROSOFT_MANIFEST } from "@/lib/infra/connectors/microsoft/microsoft-manifest";
import { PINTEREST_MANIFEST } from "@/lib/infra/connectors/pinterest/pinterest-manifest";
import { SNAPCHAT_MANIFEST } from "@/lib/infra/connectors/snapchat/snapchat-manifest";
import { X_MANIFEST } from "@/lib/infra/connectors/x/x-manifest";
import { SHOPIFY_MANIFEST } from "@/lib/infra/connectors/shopify/shopify-manifest";
import { KLAVIYO_MANIFEST } from "@/lib/infra/connectors/klaviyo/klaviyo-manifest";
import { HUBSPOT_MANIFEST } from "@/lib/infra/connectors/hubspot/hubspot-manifest";
import { WORDPRESS_MANIFEST } from "@/lib/infra/connectors/wordpress/wordpress-manifest";
import { AMAZON_MANIFEST } from "@/lib/infra/connectors/amazon/amazon-manifest";
import { APPLE_MANIFEST } from "@/lib/infra/connectors/apple/apple-manifest";
import { REDDIT_MANIFEST } from "@/lib/infra/connectors/reddit/reddit-manifest";
import { CLARITY_MANIFEST } from "@/lib/infra/connectors/clarity/clarity-manifest";
import { BING_MANIFEST } from "@/lib/infra/connectors/bing/bing-manifest";
import { HOTJAR_MANIFEST } from "@/lib/infra/connectors/hotjar/hotjar-manifest";
import { SEMRUSH_MANIFEST } from "@/lib/infra/connectors/semrush/semrush-manifest";
import { COOKIEBOT_MANIFEST } from "@/lib/infra/connectors/cookiebot/cookiebot-manifest";
import { PROFITMETRICS_MANIFEST } from "@/lib/infra/connectors/profitmetrics/profitmetrics-manifest";
import { CHANNABLE_MANIFEST } from "@/lib/infra/connectors/channable/channable-manifest";
import { LIGHTSPEED_MANIFEST } from "@/lib/infra/connectors/lightspeed/lightspeed-manifest";
import { MAILCHIMP_MANIFEST } from "@/lib/infra/connectors/mailchimp/mailchimp-manifest";
import { ACTIVECAMPAIGN_MANIFEST } from "@/lib/infra/connectors/activecampaign/activecampaign-manifest";
import { WIX_MANIFEST } from "@/lib/infra/connectors/wix/wix-manifest";
import { WEBFLOW_MANIFEST } from "@/lib/infra/connectors/webflow/webflow-manifest";
import { SQUARESPACE_MANIFEST } from "@/lib/infra/connectors/squarespace/squarespace-manifest";

export const PLATFORM_MANIFESTS = [
  META_MANIFEST,
  GOOGLE_MANIFEST,
  TIKTOK_MANIFEST,
  LINKEDIN_MANIFEST,
  MICROSOFT_MANIFEST,
  PINTEREST_MANIFEST,
  SNAPCHAT_MANIFEST,
  X_MANIFEST,
  SHOPIFY_MANIFEST,
  KLAVIYO_MANIFEST,
  HUBSPOT_MANIFEST,
  WORDPRESS_MANIFEST,
  AMAZON_MANIFEST,
  APPLE_MANIFEST,
  REDDIT_MANIFEST,
  CLARITY_MANIFEST,
  BING_MANIFEST,
  HOTJAR_MANIFEST,
  SEMRUSH_MANIFEST,
  COOKIEBOT_MANIFEST,
  PROFITMETRICS_MANIFEST,
  CHANNABLE_MANIFEST,
  LIGHTSPEED_MANIFEST,
  MAILCHIMP_MANIFEST,
  ACTIVECAMPAIGN_MANIFEST,
  WIX_MANIFEST,
  WEBFLOW_MANIFEST,
  SQUARESPACE_MANIFEST,
] as const;

export type PlatformId = (typeof PLATFORM_MANIFESTS)[number]["id"];
type ServiceIdOf<M> = M extends PlatformManifest<string, infer S> ? S : never;
export type ServiceId = ServiceIdOf<(typeof PLATFORM_MANIFESTS)[number]>;

/** The platform's manifest, or undefined for an id no manifest has. */
export function platformManifest(platform: string): PlatformManifest | undefined {
  return PLATFORM_MANIFESTS.find((m) => m.id === platform);
}
