// Simple marks for each platform: our own drawings (a coloured tile with a letter shape),
// not the platforms' trademarks, so no licence question arises. Decorative next to the
// platform's name, so hidden from screen readers unless a label is given.
const MARKS: Record<string, { bg: string; fg: string; text: string }> = {
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
};

export function PlatformLogo({ platform, size = 20, label }: { platform: string; size?: number; label?: string }) {
  const mark = MARKS[platform] ?? { bg: "#64748B", fg: "#fff", text: platform.slice(0, 1).toUpperCase() };
  const small = mark.text.length > 1;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className="inline-block shrink-0 align-middle"
      data-platform-logo={platform}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <rect x="0.5" y="0.5" width="23" height="23" rx="6" fill={mark.bg} stroke="#CBD5E1" strokeWidth={mark.bg === "#fff" ? 1 : 0} />
      <text
        x="12"
        y="12.5"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
        fontWeight="700"
        fontSize={small ? 11 : 14}
        fill={mark.fg}
      >
        {mark.text}
      </text>
    </svg>
  );
}
