import { describe, expect, it } from 'vitest';
import {
  composite,
  contrastRatio,
  darkenToContrast,
  opaqueToContrast,
  parseColor,
  relativeLuminance,
  TEXT_CONTRAST,
  toHex,
} from '../src/app/contrast';

/** HSL hue in degrees, to see that darkening kept the colour a person would name. */
function hueOf(color: string): number {
  const { r, g, b } = parseColor(color);
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const delta = max - Math.min(R, G, B);
  if (delta === 0) return 0;
  const hue = max === R ? ((G - B) / delta) % 6 : max === G ? (B - R) / delta + 2 : (R - G) / delta + 4;
  return (hue * 60 + 360) % 360;
}

describe('contrast maths (WCAG 2.1)', () => {
  it('gives the ratios the WCAG examples give', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // #767676 is the lightest grey that passes AA on white; #777777 is the first that fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    // The numbers the accessibility review measured on the console before this theme.
    expect(contrastRatio('#ffffff', '#1677ff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
    expect(contrastRatio('rgba(0,0,0,0.25)', '#ffffff')).toBeCloseTo(1.83, 1);
    expect(contrastRatio('#389e0d', '#f6ffed')).toBeCloseTo(3.37, 1);
  });

  it('reads hex and rgb forms and paints translucent colours over their background', () => {
    expect(parseColor('#1677ff')).toEqual({ r: 22, g: 119, b: 255, a: 1 });
    expect(parseColor('#abc')).toEqual({ r: 170, g: 187, b: 204, a: 1 });
    expect(parseColor('rgba(0, 0, 0, 0.5)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 });
    expect(toHex(composite('rgba(0,0,0,0.04)', '#ffffff'))).toBe('#f5f5f5');
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    expect(() => parseColor('blue')).toThrow();
  });

  it('leaves a colour that already passes exactly as it is', () => {
    expect(darkenToContrast('#2f54eb', ['#ffffff'], TEXT_CONTRAST)).toBe('#2f54eb');
    expect(opaqueToContrast('rgba(0,0,0,0.88)', ['#ffffff', '#f5f5f5'], TEXT_CONTRAST)).toBe('rgba(0,0,0,0.88)');
  });

  it('darkens a colour to the ratio, over every background, keeping its hue and no darker than needed', () => {
    for (const color of ['#fadb14', '#1677ff', '#52c41a', '#ff4d4f', '#13c2c2', '#eb2f96']) {
      const backgrounds = ['#ffffff', '#f5f5f5', '#e6f4ff'];
      const darker = darkenToContrast(color, backgrounds, TEXT_CONTRAST);
      const worst = Math.min(...backgrounds.map((bg) => contrastRatio(darker, bg)));
      expect(worst, `${color} -> ${darker}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(worst, `${color} -> ${darker} darker than needed`).toBeLessThan(TEXT_CONTRAST + 0.15);
      expect(Math.abs(hueOf(darker) - hueOf(color)), `${color} -> ${darker} changed hue`).toBeLessThan(8);
    }
  });

  it('makes translucent grey text just opaque enough', () => {
    const text = opaqueToContrast('rgba(0, 0, 0, 0.45)', ['#ffffff', '#f5f5f5'], TEXT_CONTRAST);
    expect(parseColor(text).a).toBeGreaterThan(0.45);
    expect(contrastRatio(text, '#f5f5f5')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(text, '#f5f5f5')).toBeLessThan(TEXT_CONTRAST + 0.1);
  });
});
