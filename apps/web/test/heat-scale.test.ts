import { THEMES } from '@ebox/domain';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance, TEXT_CONTRAST } from '../src/app/contrast';
import { tokensOf } from '../src/app/theme';
import { HEAT_STEPS, heatScaleOf, heatStepOf, heatStepsOf } from '../src/features/dashboard/heat-scale';

/**
 * The weekday × hour grid's colour scale (features/dashboard/heat-scale.ts): every cell's value is
 * text over a step of the theme's colour, so every step must keep its text legible (WCAG 1.4.3) in
 * each of the twelve themes of spec 9, read from the tokens antd computes from the theme (what
 * `theme.useToken()` gives the card); and a value must land on the step its place in the scale says.
 */

/** The tokens the card reads in a theme, as antd derives them from the theme's own. */
const designTokensOf = (theme: (typeof THEMES)[number]) => antdTheme.getDesignToken({ token: tokensOf(theme) });

describe('the heat scale reaches WCAG 2.1 AA in every theme', () => {
  it.each(THEMES)('%s: every step, the empty one included, has text at 4.5:1 or more on its background', (theme) => {
    const steps = heatStepsOf(designTokensOf(theme));
    expect(steps).toHaveLength(HEAT_STEPS + 1);
    const failures = steps
      .map((step, index) => ({ index, ...step, ratio: contrastRatio(step.color, step.background) }))
      .filter((step) => step.ratio < TEXT_CONTRAST)
      .map((step) => `step ${step.index}: ${step.color} on ${step.background} is ${step.ratio.toFixed(2)}:1`);
    expect(failures).toEqual([]);
  });

  it.each(THEMES)('%s: the empty step is the card itself under the secondary text, the others darken step by step', (theme) => {
    const tokens = designTokensOf(theme);
    const [empty, ...coloured] = heatStepsOf(tokens);
    expect(empty).toEqual({ background: '#ffffff', color: tokens.colorTextSecondary });
    expect(contrastRatio(empty.background, tokens.colorBgContainer)).toBe(1);
    // Opaque colours (what axe and the contrast rule read), each darker than the one before it.
    for (const step of coloured) expect(step.background).toMatch(/^#[0-9a-f]{6}$/);
    const luminances = coloured.map((step) => relativeLuminance(step.background));
    for (let index = 1; index < luminances.length; index++) expect(luminances[index]).toBeLessThan(luminances[index - 1]);
    // The light steps read with the dark text, the last (the theme's colour itself) with the light text.
    expect(coloured.slice(0, -1).every((step) => step.color === tokens.colorText)).toBe(true);
    expect(coloured.at(-1)?.color).toBe(tokens.colorTextLightSolid);
  });

  it('picks whichever text contrasts more, so a theme whose colour is light keeps dark text on its last step', () => {
    const tokens = { ...designTokensOf('default'), colorPrimary: '#ffe58f' };
    const steps = heatStepsOf(tokens);
    expect(steps.at(-1)).toEqual({ background: '#ffe58f', color: tokens.colorText });
    expect(contrastRatio(tokens.colorText, '#ffe58f')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe("a value's step", () => {
  it('counts from zero: none (or nothing measured) is step 0, the largest the darkest', () => {
    const scale = heatScaleOf(
      [
        [0, 1, 2],
        [5, 8, null],
      ],
      true,
    );
    expect(scale).toEqual({ low: 0, high: 8, fromZero: true });
    if (!scale) return;
    expect(heatStepOf(null, scale)).toBe(0);
    expect(heatStepOf(0, scale)).toBe(0);
    // Equal parts of 0..8: [0, 2) step 1, [2, 4) step 2, [4, 6) step 3, [6, 8] step 4.
    expect([1, 2, 4, 5, 6, 8].map((value) => heatStepOf(value, scale))).toEqual([1, 2, 3, 3, 4, 4]);
  });

  it('scales averages from their own smallest value, which still takes a colour', () => {
    const scale = heatScaleOf([[40, 42, 44, 46, 48, null]], false);
    expect(scale).toEqual({ low: 40, high: 48, fromZero: false });
    if (!scale) return;
    expect([40, 42, 44, 46, 48].map((value) => heatStepOf(value, scale))).toEqual([1, 2, 3, 4, 4]);
    expect(heatStepOf(null, scale)).toBe(0);
    // 0 free compartments is a measure, not nothing: the lowest of a scale starting at 0 is coloured.
    const withEmpty = heatScaleOf([[0, 10]], false);
    if (withEmpty) expect(heatStepOf(0, withEmpty)).toBe(1);
  });

  it('paints every value of a flat grid the darkest, and finds no scale in a grid without values', () => {
    const flat = heatScaleOf([[7, 7, null]], false);
    expect(flat).toEqual({ low: 7, high: 7, fromZero: false });
    if (flat) expect(heatStepOf(7, flat)).toBe(HEAT_STEPS);
    expect(heatScaleOf([[null, null]], false)).toBeNull();
    expect(heatScaleOf([], true)).toBeNull();
  });

  it('never goes past the last step, even for a value outside the scale', () => {
    const scale = { low: 0, high: 10, fromZero: true };
    expect(heatStepOf(25, scale)).toBe(HEAT_STEPS);
    expect(heatStepOf(-3, { low: 0, high: 10, fromZero: false })).toBe(1);
  });
});
