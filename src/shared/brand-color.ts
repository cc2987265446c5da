import { BRAND_COLOR_PATTERN } from "./company-data.schema";

/** The cards' colour when the company has not chosen one (close to the app's primary). */
export const DEFAULT_BRAND_COLOR = "#6d28d9";

/** Text colours, in order of preference: white, near-black, black (one of white and black always reaches 4.5:1). */
const TEXT_COLORS = ["#ffffff", "#111111", "#000000"] as const;

/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** WCAG 2 relative luminance of a '#rrggbb' colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The card's background (the company's colour, or the default) and the text colour to put on it:
 * white when it reaches 4.5:1 (WCAG AA), otherwise near-black, or black for mid tones.
 */
export function brandPalette(color: string | null | undefined): {
  background: string;
  foreground: string;
} {
  const value = color?.trim().toLowerCase() ?? "";
  const background = BRAND_COLOR_PATTERN.test(value) ? value : DEFAULT_BRAND_COLOR;
  const foreground =
    TEXT_COLORS.find((text) => contrastRatio(background, text) >= MIN_CONTRAST) ?? "#000000";
  return { background, foreground };
}
