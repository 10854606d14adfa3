import { THEMES } from '@ebox/domain';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, TEXT_CONTRAST, toHex, UI_CONTRAST } from '../src/app/contrast';
import { legibleTokensOf, seedColorOf, TAG_PALETTES, type ThemeToken, tokensOf } from '../src/app/theme';

type Token = ReturnType<typeof antdTheme.getDesignToken>;

/** antd's sider menu (Layout.Sider + Menu theme="dark"), the one dark surface of the console. */
const DARK_MENU_BG = '#001529';
const DARK_SUBMENU_BG = '#000c17';

type Pair = { what: string; foreground: string; background: string; minimum: number };

/**
 * Every pairing of a text or focus colour with a surface it is drawn on, read from the tokens antd
 * actually computes from the theme (so a token antd derives, such as colorTextDescription, is
 * checked as the screens see it).
 */
function pairsOf(t: Token): Pair[] {
  const over = (fill: string) => toHex(composite(fill, t.colorBgContainer));
  const neutral = {
    container: t.colorBgContainer,
    layout: t.colorBgLayout,
    elevated: t.colorBgElevated,
    'table header / collapse header': over(t.colorFillAlter),
    'default tag / filled input': over(t.colorFillTertiary),
    'hovered item': over(t.colorFillSecondary),
  };
  const selected = { 'selected row / menu item': t.controlItemBgActive, 'hovered selected row': t.controlItemBgActiveHover };
  const pairs: Pair[] = [];
  const add = (names: Record<string, string>, backgrounds: Record<string, string>, minimum: number) => {
    for (const [fgName, foreground] of Object.entries(names)) {
      for (const [bgName, background] of Object.entries(backgrounds)) {
        pairs.push({ what: `${fgName} on ${bgName}`, foreground, background, minimum });
      }
    }
  };
  add(
    {
      text: t.colorText,
      'secondary text': t.colorTextSecondary,
      'tertiary text': t.colorTextTertiary,
      'description (Typography secondary, the "x de y" counts)': t.colorTextDescription,
      placeholder: t.colorTextPlaceholder,
      label: t.colorTextLabel,
      link: t.colorLink,
      'hovered link': t.colorLinkHover,
      'pressed link': t.colorLinkActive,
      'primary (menu selection, tabs, pagination)': t.colorPrimary,
      'primary text': t.colorPrimaryText,
    },
    { ...neutral, ...selected },
    TEXT_CONTRAST,
  );
  for (const family of ['Error', 'Success', 'Warning', 'Info'] as const) {
    const shade = (suffix: string) => t[`color${family}${suffix}` as keyof Token] as string;
    add(
      { [family]: shade(''), [`${family} text`]: shade('Text'), [`hovered ${family}`]: shade('TextHover') },
      { ...neutral, [`${family} tag`]: shade('Bg'), [`hovered ${family} tag`]: shade('BgHover') },
      TEXT_CONTRAST,
    );
  }
  // White text on solid colour: primary and danger buttons, the dark menu's selected item.
  const solid: Record<string, string> = {};
  for (const token of [
    'colorPrimary',
    'colorPrimaryHover',
    'colorPrimaryActive',
    'colorError',
    'colorErrorHover',
    'colorErrorActive',
  ] as const) {
    solid[token] = t[token];
  }
  add({ 'white button text': t.colorTextLightSolid }, solid, TEXT_CONTRAST);
  add(
    { 'dark menu item': 'rgba(255, 255, 255, 0.65)', 'dark menu hovered item': t.colorTextLightSolid },
    { 'dark menu': DARK_MENU_BG, 'dark submenu': DARK_SUBMENU_BG },
    TEXT_CONTRAST,
  );
  for (const palette of TAG_PALETTES) {
    const text = t[`${palette}7` as keyof Token] as string;
    add(
      { [`<Tag color="${palette}">`]: text },
      { [`${palette} tag`]: t[`${palette}1` as keyof Token] as string, container: t.colorBgContainer },
      TEXT_CONTRAST,
    );
  }
  add(
    {
      'focus outline': t.colorPrimaryBorder,
      'focused input ring': t.controlOutline,
      'focused invalid input ring': t.colorErrorOutline,
      'focused warning input ring': t.colorWarningOutline,
    },
    { container: t.colorBgContainer, layout: t.colorBgLayout },
    UI_CONTRAST,
  );
  return pairs;
}

function failuresOf(tokens: ThemeToken): string[] {
  const final = antdTheme.getDesignToken({ token: tokens });
  return pairsOf(final)
    .map((pair) => ({ ...pair, ratio: contrastRatio(pair.foreground, pair.background) }))
    .filter((pair) => pair.ratio < pair.minimum)
    .map((p) => `${p.what}: ${p.foreground} on ${p.background} is ${p.ratio.toFixed(2)}:1, needs ${p.minimum}:1`);
}

/** Hue in OKLab terms is what darkening keeps; HSL hue is close enough to tell yellow from olive-green. */
function hueOf(color: string): number {
  const { r, g, b } = composite(color);
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (hue * 60 + 360) % 360;
}

describe('every theme of spec 9 reaches WCAG 2.1 AA', () => {
  it.each(THEMES)('%s: text 4.5:1 and focus rings 3:1 on every surface they sit on', (theme) => {
    expect(failuresOf(tokensOf(theme))).toEqual([]);
  });

  it.each(THEMES)('%s keeps its hue', (theme) => {
    const seed = seedColorOf(theme);
    const primary = antdTheme.getDesignToken({ token: tokensOf(theme) }).colorPrimary;
    const difference = Math.abs(hueOf(primary) - hueOf(seed));
    expect(Math.min(difference, 360 - difference), `${seed} -> ${primary}`).toBeLessThan(8);
  });

  it('keeps a theme colour that was already legible exactly as antd draws it', () => {
    expect(tokensOf('geek-blue').colorPrimary?.toLowerCase()).toBe(seedColorOf('geek-blue').toLowerCase());
    expect(tokensOf('purple').colorPrimary?.toLowerCase()).toBe(seedColorOf('purple').toLowerCase());
  });

  it("fails antd's own shades, as the accessibility review found them", () => {
    const failures = failuresOf({ colorPrimary: seedColorOf('default'), colorInfo: seedColorOf('default') });
    for (const found of [
      'white button text on colorPrimary',
      'tertiary text on container',
      'placeholder on container',
      'white button text on colorError',
      '<Tag color="green"> on green tag',
    ]) {
      expect(
        failures.some((failure) => failure.startsWith(found)),
        found,
      ).toBe(true);
    }
  });

  it('covers a theme colour added later, however light', () => {
    for (const seed of ['#ffff00', '#00ffff', '#ff00ff', '#ffffff', '#7fff7f']) {
      expect(failuresOf(legibleTokensOf(seed)), seed).toEqual([]);
    }
  });
});
