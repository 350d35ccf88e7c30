// Each platform's mark (lib/core/catalog/platform-marks.ts: our own drawings, not the
// platforms' trademarks). Decorative next to the platform's name, so hidden from screen
// readers unless a label is given.
import { platformMark } from "@/lib/core/catalog/platform-marks";

export function PlatformLogo({ platform, size = 20, label }: { platform: string; size?: number; label?: string }) {
  const mark = platformMark(platform) ?? { bg: "#64748B", fg: "#fff", text: platform.slice(0, 1).toUpperCase() };
  const small = mark.text.length > 1;
  const tiny = mark.text.length > 2;
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
      <rect
        x="0.5"
        y="0.5"
        width="23"
        height="23"
        rx="6"
        fill={mark.bg}
        stroke="#CBD5E1"
        strokeWidth={mark.bg === "#fff" ? 1 : 0}
      />
      <text
        x="12"
        y="12.5"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
        fontWeight="700"
        fontSize={tiny ? 9 : small ? 11 : 14}
        fill={mark.fg}
      >
        {mark.text}
      </text>
    </svg>
  );
}
