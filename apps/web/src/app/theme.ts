import { THEMES, type Theme } from '@ebox/domain';
import { theme as antdTheme } from 'antd';

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

const presetTokens = antdTheme.getDesignToken();

export function isTheme(value: unknown): value is Theme {
  return THEMES.some((theme) => theme === value);
}

export function primaryColorOf(theme: Theme): string {
  return presetTokens[PALETTE_OF[theme]];
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
