import { describe, expect, it } from 'vitest';
import { customer } from '../src/entities/customer';
import {
  canonicalDocument,
  canonicalPhone,
  entitySchema,
  formatPhone,
  generateCpf,
  isValidCnpj,
  isValidCpf,
  maskDocument,
  maskPhone,
} from '../src/index';

describe('CPF check digits', () => {
  it('accepts a valid CPF with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and repeated digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('52998224725A')).toBe(false);
  });
});

describe('generateCpf', () => {
  it('completes nine digits with their check digits, punctuated as stored', () => {
    expect(generateCpf('529982247')).toBe('529.982.247-25');
    expect(generateCpf(111_444_777)).toBe('111.444.777-35');
    // The last nine digits of a longer number, zero-padded for a shorter one.
    expect(generateCpf(1_529_982_247)).toBe('529.982.247-25');
    expect(generateCpf(42)).toMatch(/^000\.000\.042-\d\d$/);
    for (let n = 100_000_001; n < 100_000_200; n++) expect(isValidCpf(generateCpf(n))).toBe(true);
  });
});

describe('CNPJ check digits', () => {
  it('accepts a numeric CNPJ with or without punctuation', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('04.252.011/0001-10')).toBe(true);
  });
  it('accepts the alphanumeric CNPJ of July 2026 (letters valued by ASCII code minus 48), in either case', () => {
    // The Receita Federal's own example.
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
  });
  it('refuses a wrong check digit, a letter among the check digits and repeated digits', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
  });
});

describe('canonical documents', () => {
  it('stores a CPF as 000.000.000-00 and a CNPJ as 00.000.000/0000-00, whatever was typed', () => {
    expect(canonicalDocument(' 529 982 247 25 ', 'cpf')).toBe('529.982.247-25');
    expect(canonicalDocument('11222333000181', 'cnpj')).toBe('11.222.333/0001-81');
    expect(canonicalDocument('12abc34501de35', 'cpfOrCnpj')).toBe('12.ABC.345/01DE-35');
    expect(canonicalDocument('52998224725', 'cpfOrCnpj')).toBe('529.982.247-25');
  });
  it('refuses a document of the other kind', () => {
    expect(canonicalDocument('11222333000181', 'cpf')).toBeNull();
    expect(canonicalDocument('52998224725', 'cnpj')).toBeNull();
  });
  it('masks while typing, switching to the CNPJ mask past 11 digits or at a letter, never cutting', () => {
    expect(maskDocument('529', 'cpfOrCnpj')).toBe('529');
    expect(maskDocument('5299', 'cpfOrCnpj')).toBe('529.9');
    expect(maskDocument('52998224725', 'cpfOrCnpj')).toBe('529.982.247-25');
    expect(maskDocument('112223330001', 'cpfOrCnpj')).toBe('11.222.333/0001');
    expect(maskDocument('12a', 'cpfOrCnpj')).toBe('12.A');
    expect(maskDocument('5299822472599', 'cpf')).toBe('529.982.247-2599');
  });
});

describe('phones', () => {
  it('stores 55 + DDD + number, whatever common way it was typed', () => {
    for (const typed of ['(11) 98765-4321', '11987654321', '+55 11 98765-4321', '55 (11) 9 8765 4321', '011 98765-4321', '5511987654321'])
      expect(canonicalPhone(typed)).toBe('5511987654321');
    expect(canonicalPhone('(11) 3265-4321')).toBe('551132654321');
    expect(canonicalPhone('(55) 99876-5432')).toBe('5555998765432');
  });
  it('refuses what is not a Brazilian phone, and a landline where a mobile is asked', () => {
    expect(canonicalPhone('(10) 98765-4321')).toBeNull();
    expect(canonicalPhone('98765-4321')).toBeNull();
    expect(canonicalPhone('+1 415 555 2671')).toBeNull();
    expect(canonicalPhone('(11) 3265-4321', true)).toBeNull();
    expect(canonicalPhone('(11) 98765-4321', true)).toBe('5511987654321');
  });
  it('masks while typing and shows a stored phone as +55 (11) 98765-4321', () => {
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('1198765432')).toBe('(11) 9876-5432');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('5511987654321')).toBe('+55 (11) 98765-4321');
    expect(formatPhone('551132654321')).toBe('+55 (11) 3265-4321');
    expect(formatPhone('(21) 2222 3333')).toBe('(21) 2222 3333');
  });
});

describe('declared document and phone fields', () => {
  const schema = entitySchema(customer);
  it('stores the canonical forms and refuses invalid values with their own messages', () => {
    const ok = schema.safeParse({ name: 'Ana Lima', documentNumber: '52998224725', cellphone: '(11) 98765-4321' });
    expect(ok.success && ok.data).toMatchObject({ documentNumber: '529.982.247-25', cellphone: '5511987654321' });
    const bad = schema.safeParse({ name: 'Ana Lima', documentNumber: '529.982.247-24', cellphone: '(11) 3265-4321' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['cellphone', 'validation.phone.mobile'],
      ['documentNumber', 'validation.document.cpfOrCnpj'],
    ]);
  });
  it("does not hide the record's other errors (a missing required name) behind a refused document", () => {
    const result = schema.safeParse({ documentNumber: '11.222.333/0001-82' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.document.cpfOrCnpj', 'validation.mixed.required']);
  });
  it('refuses a too-long text instead of cutting it', () => {
    const result = schema.safeParse({ name: 'x'.repeat(256) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.string.max');
  });
});
