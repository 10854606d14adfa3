import { THEMES, type Theme } from '@ebox/domain';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { composite, contrastRatio, darkenToContrast, opaqueToContrast, TEXT_CONTRAST, toHex, UI_CONTRAST, worstContrast } from './contrast';

/** Spec 9 theme names -> Ant Design preset palettes (the spec's colours are antd's presets). */
const PALETTE_OF: Record<
  Theme,
  'blue' | 'cyan' | 'geekblue' | 'gold' | 'lime' | 'magenta' | 'orange' | 'green' | 'purple' | 'red' | 'volcano' | 'yellow'
> = {
  default: 'blue',
  cyan: 'cyan',
  'geek-blue': 'geekblue',
  gold: 'gold',
  lime: 'lime',
  magenta: 'magenta',
  orange: 'orange',
  'polar-green': 'green',
  purple: 'purple',
  red: 'red',
  volcano: 'volcano',
  yellow: 'yellow',
};

/** The palettes antd's `<Tag color="green">` and friends draw from (antd's PresetColors). */
export const TAG_PALETTES = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

export type ThemeToken = NonNullable<ThemeConfig['token']>;

const presetTokens = antdTheme.getDesignToken();
const WHITE = '#ffffff';

export function isTheme(value: unknown): value is Theme {
  return THEMES.some((theme) => theme === value);
}

/** antd's own colour for the theme, before it is darkened to be legible (the hue the theme is named after). */
export function seedColorOf(theme: Theme): string {
  return presetTokens[PALETTE_OF[theme]];
}

/** The theme's colour as the console paints it (primary buttons, links, the selected menu item). */
export function primaryColorOf(theme: Theme): string {
  return tokensOf(theme).colorPrimary ?? seedColorOf(theme);
}

/** The light surfaces text sits on: cards, the page, table headers and tag fills, filled inputs. */
function neutralSurfacesOf(token: DesignToken): string[] {
  const container = token.colorBgContainer;
  return [
    container,
    token.colorBgLayout,
    toHex(composite(token.colorFillAlter, container)),
    toHex(composite(token.colorFillTertiary, container)),
    toHex(composite(token.colorFillSecondary, container)),
    toHex(composite(token.colorFillTertiary, token.colorBgLayout)),
  ];
}

type DesignToken = ReturnType<typeof antdTheme.getDesignToken>;
type Family = 'Primary' | 'Error' | 'Success' | 'Warning';
type Shades = { base: string; hover: string; active: string; focus: string; tints: ThemeToken };

/**
 * One semantic colour (primary, error, success, warning) made legible. Its base shade carries white
 * text (buttons, the selected menu item) and is itself text on every light surface and on its own
 * tints (links, tags, selected rows): 4.5:1 everywhere. The tints stay the ones antd derives from the
 * theme's own colour, set explicitly, since antd would otherwise derive them again from the darker
 * base and make them murky. Hover and active must stay legible too: where antd's lighter hover would
 * not be, hover goes one step darker instead. The focus ring is a lighter shade of the hue at 3:1.
 */
function legibleShadesOf(start: DesignToken, family: Family, surfaces: string[]): Shades {
  const token = (suffix: string): string => start[`color${family}${suffix}` as keyof DesignToken] as string;
  const backgrounds = [WHITE, ...surfaces, token('Bg'), token('BgHover')];
  const legible = (color: string) => worstContrast(color, backgrounds) >= TEXT_CONTRAST;
  const base = darkenToContrast(token(''), backgrounds, TEXT_CONTRAST);
  const baseRatio = contrastRatio(base, WHITE);
  const hoverLegible = legible(token('Hover'));
  const tints: ThemeToken = {};
  for (const suffix of ['Bg', 'BgHover', 'Border', 'BorderHover', ...(family === 'Error' ? ['BgFilledHover', 'BgActive'] : [])]) {
    Object.assign(tints, { [`color${family}${suffix}`]: token(suffix) });
  }
  return {
    base,
    hover: hoverLegible ? token('Hover') : darkenToContrast(base, backgrounds, baseRatio * 1.3),
    active: hoverLegible && legible(token('Active')) ? token('Active') : darkenToContrast(base, backgrounds, baseRatio * 1.7),
    focus: darkenToContrast(token('Hover'), [WHITE, ...surfaces], UI_CONTRAST),
    tints,
  };
}

/** antd's tokens for one semantic colour, its text shades included. */
function familyTokens(family: Family | 'Info', shades: Shades): ThemeToken {
  return {
    [`color${family}`]: shades.base,
    [`color${family}Hover`]: shades.hover,
    [`color${family}Active`]: shades.active,
    [`color${family}Text`]: shades.base,
    [`color${family}TextHover`]: shades.hover,
    [`color${family}TextActive`]: shades.active,
  };
}

/**
 * The antd tokens for a theme whose colour is `seed`: its hue, in shades that reach WCAG 2.1 AA for
 * text (4.5:1) and focus rings (3:1) on the console's light surfaces. Computed rather than listed,
 * so a theme added later is covered too.
 */
export function legibleTokensOf(seed: string): ThemeToken {
  const start = antdTheme.getDesignToken({ token: { colorPrimary: seed, colorInfo: seed } });
  const surfaces = neutralSurfacesOf(start);
  const primary = legibleShadesOf(start, 'Primary', surfaces);
  // Grey text also sits on selected rows and menu items, which wear the primary tint.
  const textSurfaces = [...surfaces, start.colorPrimaryBg, start.colorPrimaryBgHover];
  return {
    ...sharedTokensOf(start, surfaces),
    ...primary.tints,
    ...familyTokens('Primary', primary),
    // The theme colour drives every accent (links, info, progress), not only primary buttons.
    ...familyTokens('Info', primary),
    colorInfoBg: start.colorPrimaryBg,
    colorInfoBgHover: start.colorPrimaryBgHover,
    colorInfoBorder: start.colorPrimaryBorder,
    colorInfoBorderHover: start.colorPrimaryBorderHover,
    colorLink: primary.base,
    colorLinkHover: primary.hover,
    colorLinkActive: primary.active,
    // antd's focus outline (buttons, links, checkboxes) and the ring of a focused input.
    colorPrimaryBorder: primary.focus,
    controlOutline: primary.focus,
    colorTextSecondary: opaqueToContrast(start.colorTextSecondary, textSurfaces, TEXT_CONTRAST),
    colorTextTertiary: opaqueToContrast(start.colorTextTertiary, textSurfaces, TEXT_CONTRAST),
    colorTextPlaceholder: opaqueToContrast(start.colorTextPlaceholder, textSurfaces, TEXT_CONTRAST),
  };
}

let sharedTokens: ThemeToken | undefined;

/**
 * Error, success, warning and the tag palettes are the same in every theme: worked out once, not
 * again for each theme the settings page shows.
 */
function sharedTokensOf(start: DesignToken, surfaces: string[]): ThemeToken {
  if (sharedTokens) return sharedTokens;
  const error = legibleShadesOf(start, 'Error', surfaces);
  const success = legibleShadesOf(start, 'Success', surfaces);
  const warning = legibleShadesOf(start, 'Warning', surfaces);
  const tags: ThemeToken = {};
  for (const palette of TAG_PALETTES) {
    // antd's tag text is shade 7 on shade 1 (outlined and filled tags).
    const text = darkenToContrast(start[`${palette}7`], [WHITE, start.colorBgLayout, start[`${palette}1`]], TEXT_CONTRAST);
    Object.assign(tags, { [`${palette}7`]: text, [`${palette}-7`]: text });
  }
  sharedTokens = {
    ...tags,
    ...error.tints,
    ...familyTokens('Error', error),
    colorErrorOutline: error.focus,
    ...success.tints,
    ...familyTokens('Success', success),
    ...warning.tints,
    ...familyTokens('Warning', warning),
    colorWarningOutline: warning.focus,
  };
  return sharedTokens;
}

const derivedTokens = new Map<Theme, ThemeToken>();

/** The antd tokens of a theme of spec 9 (legibleTokensOf its colour), worked out once. */
export function tokensOf(theme: Theme): ThemeToken {
  let tokens = derivedTokens.get(theme);
  if (!tokens) {
    tokens = legibleTokensOf(seedColorOf(theme));
    derivedTokens.set(theme, tokens);
  }
  return tokens;
}

const THEME_KEY = 'theme';

/**
 * The last theme loaded from the server, so the sign-in page and the first paint after a reload
 * already wear it instead of flashing the default colour.
 */
export function getStoredTheme(): Theme {
  const stored = localStorage.getItem(THEME_KEY);
  return isTheme(stored) ? stored : 'default';
}

export function storeTheme(theme: Theme): void {
  localStorage.setItem(THEME_KEY, theme);
}
