// Each platform's mark, drawn by components/ui/platform-logo.tsx: our own simple drawing (a
// tile in the platform's brand colour with a letter or shape), not the platform's
// trademarked artwork, so no licence question arises. Kept with the catalog so its test can
// check that every platform has one.
import type { PlatformId } from "@/lib/core/catalog/catalog";

export interface PlatformMark {
  /** tile colour */
  readonly bg: string;
  /** letter colour */
  readonly fg: string;
  /** one to three characters */
  readonly text: string;
}

export const PLATFORM_MARKS: Readonly<Record<PlatformId, PlatformMark>> = {
  meta: { bg: "#0866FF", fg: "#fff", text: "∞" },
  google: { bg: "#fff", fg: "#1A73E8", text: "G" },
  tiktok: { bg: "#000", fg: "#fff", text: "♪" },
  linkedin: { bg: "#0A66C2", fg: "#fff", text: "in" },
  microsoft: { bg: "#fff", fg: "#5E5E5E", text: "▦" },
  pinterest: { bg: "#E60023", fg: "#fff", text: "P" },
  snapchat: { bg: "#FFFC00", fg: "#000", text: "☺" },
  x: { bg: "#000", fg: "#fff", text: "X" },
  shopify: { bg: "#5E8E3E", fg: "#fff", text: "S" },
  klaviyo: { bg: "#232426", fg: "#fff", text: "K" },
  hubspot: { bg: "#FF5C35", fg: "#fff", text: "H" },
  wordpress: { bg: "#21759B", fg: "#fff", text: "W" },
  amazon: { bg: "#232F3E", fg: "#FF9900", text: "a" },
  apple: { bg: "#1D1D1F", fg: "#fff", text: "A" },
  reddit: { bg: "#FF4500", fg: "#fff", text: "r" },
  clarity: { bg: "#5B2D90", fg: "#fff", text: "C" },
  bing: { bg: "#0C8484", fg: "#fff", text: "b" },
  hotjar: { bg: "#FF3C00", fg: "#fff", text: "h" },
  semrush: { bg: "#FF642D", fg: "#fff", text: "S" },
  cookiebot: { bg: "#1032CF", fg: "#fff", text: "C" },
  profitmetrics: { bg: "#0E3B43", fg: "#fff", text: "PM" },
  channable: { bg: "#2F5BEA", fg: "#fff", text: "Ch" },
  lightspeed: { bg: "#E4002B", fg: "#fff", text: "L" },
  mailchimp: { bg: "#FFE01B", fg: "#241C15", text: "M" },
  activecampaign: { bg: "#004CFF", fg: "#fff", text: "›" },
  wix: { bg: "#000", fg: "#fff", text: "wix" },
  webflow: { bg: "#146EF5", fg: "#fff", text: "wf" },
  squarespace: { bg: "#000", fg: "#fff", text: "Sq" },
};

/** The mark of a platform id, or undefined for an id the catalog does not know. */
export function platformMark(platform: string): PlatformMark | undefined {
  return Object.hasOwn(PLATFORM_MARKS, platform) ? PLATFORM_MARKS[platform as PlatformId] : undefined;
}
