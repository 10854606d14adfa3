/**
 * Colour contrast as WCAG 2.1 measures it (success criteria 1.4.3 and 1.4.11), and the way the
 * theme (theme.ts) darkens a colour until it reaches a ratio while keeping its hue, so every theme
 * of spec 9, and any theme added later, is legible without anyone choosing shades by hand.
 */

/** Channels 0-255, alpha 0-1. */
export type Rgba = { r: number; g: number; b: number; a: number };

/** WCAG 2.1 AA: normal text (1.4.3). */
export const TEXT_CONTRAST = 4.5;
/** WCAG 2.1 AA: large text (1.4.3) and the parts of controls and focus indicators (1.4.11). */
export const UI_CONTRAST = 3;

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** Reads the forms antd tokens use: #rgb, #rrggbb, #rrggbbaa, rgb() and rgba(). */
export function parseColor(css: string): Rgba {
  const value = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(value)?.[1];
  if (hex && (hex.length === 3 || hex.length === 6 || hex.length === 8)) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const channel = (index: number) => Number.parseInt(full.slice(index * 2, index * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(value)?.[1];
  if (fn) {
    const [r, g, b, a] = fn
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if ([r, g, b].every((channel) => Number.isFinite(channel))) return { r, g, b, a: a === undefined ? 1 : a };
  }
  throw new Error(`Unreadable colour: ${css}`);
}

function toRgba(color: string | Rgba): Rgba {
  return typeof color === 'string' ? parseColor(color) : color;
}

/** `color` painted over `background` (which, if translucent itself, is first painted over white). */
export function composite(color: string | Rgba, background: string | Rgba = WHITE): Rgba {
  const top = toRgba(color);
  const bottom = toRgba(background);
  const base = bottom.a < 1 ? composite(bottom, WHITE) : bottom;
  const mix = (over: number, under: number) => over * top.a + under * (1 - top.a);
  return { r: mix(top.r, base.r), g: mix(top.g, base.g), b: mix(top.b, base.b), a: 1 };
}

export function toHex(color: string | Rgba): string {
  const { r, g, b } = composite(color);
  return `#${[r, g, b]
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function toLinear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of an opaque colour (a translucent one is taken over white). */
export function relativeLuminance(color: string | Rgba): number {
  const { r, g, b } = composite(color);
  return 0.2126 * toLinear(r) + 0.7152 * toLinear(g) + 0.0722 * toLinear(b);
}

/** WCAG contrast ratio (1 to 21) of `foreground` as painted over `background`. */
export function contrastRatio(foreground: string | Rgba, background: string | Rgba): number {
  const bottom = composite(background);
  const top = composite(foreground, bottom);
  const [light, dark] = [relativeLuminance(top), relativeLuminance(bottom)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The lowest contrast of `foreground` over any of `backgrounds`. */
export function worstContrast(foreground: string | Rgba, backgrounds: readonly (string | Rgba)[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(foreground, background)));
}

// OKLCH (Björn Ottosson's OKLab in polar form): lowering its lightness keeps the hue a person sees,
// where HSL's lightness turns yellow into olive and blue into purple.
type Oklch = { l: number; c: number; h: number };

function toOklch(color: Rgba): Oklch {
  const [r, g, b] = [color.r, color.g, color.b].map(toLinear);
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

/** Linear sRGB channels (0-1, possibly out of gamut) of an OKLCH colour. */
function linearOf({ l: L, c, h }: Oklch): [number, number, number] {
  const A = c * Math.cos(h);
  const B = c * Math.sin(h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

function inGamut(color: Oklch): boolean {
  return linearOf(color).every((channel) => channel >= -1e-4 && channel <= 1 + 1e-4);
}

function fromLinear(channel: number): number {
  const c = Math.min(1, Math.max(0, channel));
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
}

/** The colour at lightness `l` with the hue of `color` and as much of its chroma as sRGB can show. */
function atLightness(color: Oklch, l: number): Rgba {
  let chroma = color.c;
  if (!inGamut({ ...color, l })) {
    let [low, high] = [0, color.c];
    // 16 halvings: finer than one step of an 8-bit channel.
    for (let step = 0; step < 16; step++) {
      const middle = (low + high) / 2;
      if (inGamut({ ...color, l, c: middle })) low = middle;
      else high = middle;
    }
    chroma = low;
  }
  const [r, g, b] = linearOf({ ...color, l, c: chroma }).map((channel) => Math.round(fromLinear(channel)));
  return { r, g, b, a: 1 };
}

/**
 * `color` itself when it already reaches `ratio` over every background (so a theme that was legible
 * keeps its exact colour); otherwise the lightest shade of the same hue that does. Meant for light
 * backgrounds: it only ever darkens.
 */
export function darkenToContrast(color: string, backgrounds: readonly string[], ratio: number): string {
  if (worstContrast(color, backgrounds) >= ratio) return color;
  // The backgrounds' luminances once: the search below measures a few hundred candidates.
  const luminances = backgrounds.map((background) => relativeLuminance(background));
  const start = toOklch(composite(color));
  const passes = (l: number) => {
    const candidate = relativeLuminance(atLightness(start, l));
    return luminances.every((luminance) => (Math.max(candidate, luminance) + 0.05) / (Math.min(candidate, luminance) + 0.05) >= ratio);
  };
  let [low, high] = [0, start.l];
  for (let step = 0; step < 16; step++) {
    const middle = (low + high) / 2;
    if (passes(middle)) low = middle;
    else high = middle;
  }
  // Rounding to whole channels may land a hair under the ratio: step down until it holds.
  let lightness = low;
  while (!passes(lightness) && lightness > 0) lightness = Math.max(0, lightness - 0.002);
  return toHex(atLightness(start, lightness));
}

/**
 * `color` (typically antd's translucent black text) made just opaque enough to reach `ratio` over
 * every background; unchanged when it already does. Stays translucent so it still blends with
 * whatever it sits on.
 */
export function opaqueToContrast(color: string, backgrounds: readonly string[], ratio: number): string {
  if (worstContrast(color, backgrounds) >= ratio) return color;
  const surfaces = backgrounds.map((background) => composite(background));
  const base = parseColor(color);
  const withAlpha = (a: number): Rgba => ({ ...base, a: Math.round(a * 1000) / 1000 });
  let [low, high] = [base.a, 1];
  for (let step = 0; step < 12; step++) {
    const middle = (low + high) / 2;
    if (worstContrast(withAlpha(middle), surfaces) >= ratio) high = middle;
    else low = middle;
  }
  const { r, g, b, a } = withAlpha(Math.min(1, high + 0.001));
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}
