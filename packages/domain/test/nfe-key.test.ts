import { describe, expect, it } from 'vitest';
import { invoice } from '../src/entities/invoice';
import { describeIssue, entitySchema, isValidNfeKey, nfeKeyCheckDigit } from '../src/index';

// The example of the NF-e manual (Manual de Orientação do Contribuinte), as the DANFE prints it.
const MANUAL_KEY = '5206 0433 0099 1100 2506 5501 2000 0007 8002 6730 1615';
const KEY = '35230511222333000181550010000001231100000015';

describe('NF-e access key check digit', () => {
  it("accepts the manual's example, with or without the DANFE's spaces", () => {
    expect(isValidNfeKey(MANUAL_KEY)).toBe(true);
    expect(isValidNfeKey(MANUAL_KEY.replace(/ /g, ''))).toBe(true);
    expect(isValidNfeKey(KEY)).toBe(true);
  });

  it('computes the mod-11 digit with weights 2 to 9 from the right, a rest of 0 or 1 giving 0', () => {
    expect(nfeKeyCheckDigit('5206043300991100250655012000000780026730161')).toBe(5);
    // A rest of 1 and a rest of 0 both give 0 (not 10 or 11).
    expect(nfeKeyCheckDigit('3523051122233300018155001000000123110000004')).toBe(0);
    expect(nfeKeyCheckDigit('3523051122233300018155001000000123110000009')).toBe(0);
    expect(isValidNfeKey('35230511222333000181550010000001231100000040')).toBe(true);
    for (let n = 0; n < 200; n++) {
      const base = String(1_000_000_007 * n + 4_242).padStart(43, '3');
      const digit = nfeKeyCheckDigit(base);
      expect(digit).toBeGreaterThanOrEqual(0);
      expect(digit).toBeLessThanOrEqual(9);
    }
  });

  it('refuses a wrong check digit, any other digit changed, a wrong length and letters outside the CNPJ', () => {
    expect(isValidNfeKey(`${KEY.slice(0, 43)}6`)).toBe(false);
    expect(isValidNfeKey(`4${KEY.slice(1)}`)).toBe(false);
    expect(isValidNfeKey(KEY.slice(0, 43))).toBe(false);
    expect(isValidNfeKey(`${KEY}0`)).toBe(false);
    expect(isValidNfeKey(`A${KEY.slice(1)}`)).toBe(false);
  });

  it('accepts the 2026 alphanumeric CNPJ inside the key (letters count as their ASCII code minus 48)', () => {
    expect(isValidNfeKey('43260712ABC34501DE35550010000000011000000016')).toBe(true);
    expect(isValidNfeKey('43260712ABC34501DE35550010000000011000000017')).toBe(false);
  });
});

describe('invoice declaration', () => {
  const schema = entitySchema(invoice, 'create');
  const valid = {
    company: '00000000-0000-4000-8000-000000000001',
    series: 1,
    number: 123,
    key: KEY,
    date: '2026-11-20T10:00:00.000Z',
    totalValue: 150.5,
    cfop: '5102',
  };

  it('takes a valid invoice', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('refuses a key whose check digit is wrong with its own message, and a key of another length by length', () => {
    const wrongDigit = schema.safeParse({ ...valid, key: `${KEY.slice(0, 43)}6` });
    expect(wrongDigit.success).toBe(false);
    expect(wrongDigit.error?.issues.map((issue) => describeIssue(issue).key)).toContain('entities.invoice.errors.key');
    const short = schema.safeParse({ ...valid, key: KEY.slice(0, 40) });
    expect(short.error?.issues.map((issue) => describeIssue(issue).key)).toEqual(['validation.string.length']);
  });

  it('refuses a CFOP that is not one', () => {
    const result = schema.safeParse({ ...valid, cfop: '9102' });
    expect(result.error?.issues.map((issue) => describeIssue(issue).key)).toEqual(['entities.invoice.errors.cfop']);
  });
});
