import { composite, contrastRatio, toHex } from '../../app/contrast';

/**
 * The weekday × hour grid's colour scale (week-grid-card.tsx): a cell's value as one of a few steps
 * of the theme's colour, each step with the text colour that reads on it. Pure, so it can be
 * measured for every theme without a page.
 */

/** The theme's tokens a step is painted from. */
export type HeatTokens = {
  colorPrimary: string;
  colorBgContainer: string;
  colorText: string;
  colorTextSecondary: string;
  colorTextLightSolid: string;
};

export type HeatStep = { background: string; color: string };

/**
 * The opacity of the theme's colour at steps 1 to 4. The light three stay light enough for the
 * dark text (6.7:1 or more on every theme: apps/web/test/heat-scale.test.ts), the last is the colour
 * itself under light text (the theme darkens its colour to 4.5:1 against white): a middle shade
 * would read with neither.
 */
const STEP_OPACITIES = [0.12, 0.3, 0.5, 1];

export const HEAT_STEPS = STEP_OPACITIES.length;

/**
 * Step 0 (nothing: no pickup, no sample) on the card itself in the secondary text, then the steps
 * of the theme's colour, each as an opaque colour (so axe and the contrast rule read what is seen)
 * with whichever of the dark and the light text contrasts more with it.
 */
export function heatStepsOf(tokens: HeatTokens): HeatStep[] {
  const surface = composite(tokens.colorBgContainer);
  const primary = composite(tokens.colorPrimary, surface);
  const steps = STEP_OPACITIES.map((opacity) => {
    const background = toHex(composite({ ...primary, a: opacity }, surface));
    const dark = contrastRatio(tokens.colorText, background);
    const light = contrastRatio(tokens.colorTextLightSolid, background);
    return { background, color: dark >= light ? tokens.colorText : tokens.colorTextLightSolid };
  });
  return [{ background: toHex(surface), color: tokens.colorTextSecondary }, ...steps];
}

/** Where a grid's values lie: counts scale from 0 (no pickup is no colour), averages from their smallest. */
export type HeatScale = { low: number; high: number; fromZero: boolean };

/**
 * A value's step, 0 to HEAT_STEPS: 0 for none (null, or a count of 0), then by where it lies between
 * `low` and `high` in equal parts, so the grid's largest value is always the darkest. Averages such
 * as the free compartments scale from their own smallest value, or every cell of a locker with 40 to
 * 48 free would look alike; their smallest still takes a colour (0 free is a value, not nothing).
 */
export function heatStepOf(value: number | null, scale: HeatScale): number {
  if (value === null) return 0;
  if (scale.fromZero && value <= 0) return 0;
  if (scale.high <= scale.low) return HEAT_STEPS;
  const share = (value - scale.low) / (scale.high - scale.low);
  return Math.max(1, Math.min(HEAT_STEPS, 1 + Math.floor(share * HEAT_STEPS)));
}

/** The scale of a grid's values (nulls left out); null when it holds none. */
export function heatScaleOf(grid: readonly (readonly (number | null)[])[], fromZero: boolean): HeatScale | null {
  const values = grid.flat().filter((value): value is number => value !== null);
  if (!values.length) return null;
  return { low: fromZero ? 0 : Math.min(...values), high: Math.max(...values), fromZero };
}
