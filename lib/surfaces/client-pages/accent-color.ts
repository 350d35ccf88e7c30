// The agency's accent colour as the client pages use it: a button background and a
// text colour chosen for contrast (WCAG AA, 4.5:1 where the colour allows it). Values
// that are not a plain #rrggbb colour fall back to the default, so nothing stored can
// break out of a style attribute.

export const DEFAULT_ACCENT = "#4f46e5";

export interface AccentColors {
  background: string;
  foreground: string;
}

const HEX = /^#([0-9a-f]{6})$/i;
// Black, not a softer dark: with white it guarantees 4.5:1 for any background.
const DARK_TEXT = "#000000";
const LIGHT_TEXT = "#ffffff";

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(color: string): number {
  const hex = color.slice(1);
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 2) + 0.0722 * channel(hex, 4);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function accentColors(stored: string | null | undefined): AccentColors {
  const background = stored && HEX.test(stored) ? stored.toLowerCase() : DEFAULT_ACCENT;
  const foreground =
    contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
  return { background, foreground };
}
