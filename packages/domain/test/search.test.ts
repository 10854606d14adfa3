import { describe, expect, it } from 'vitest';
import { DECLARED_ENTITIES, type EntityDeclaration, phoneSearchDigitsOf, searchTermsOf } from '../src';

/** The one search's rules (docs/decisions.md "The one search"), before any SQL. */

describe('a declared search', () => {
  it('names text fields only, a phone suffix only on a phone, an exact lookup only on an e-mail', () => {
    for (const entity of Object.values(DECLARED_ENTITIES) as EntityDeclaration[]) {
      for (const [name, lookup] of Object.entries(entity.search ?? {})) {
        const field = entity.fields[name];
        expect(field?.type, `${entity.name}.${name}`).toBe('text');
        if (field?.type !== 'text') continue;
        expect(field.secret, `${entity.name}.${name} is a secret`).toBeFalsy();
        if (lookup === 'phoneSuffix') expect(field.phone, `${entity.name}.${name}`).toBeTruthy();
        if (lookup === 'exact') expect(field.email, `${entity.name}.${name}`).toBe(true);
      }
    }
  });
});

describe('what a typed text looks up', () => {
  const order = DECLARED_ENTITIES.order;
  const fields = (typed: string, may?: (permission: string) => boolean) => searchTermsOf(order, typed, may).map((term) => term.field);

  it('takes a phone from 8 digits in any format, without the long-distance 0', () => {
    expect(phoneSearchDigitsOf('+55 (21) 98888-7777')).toBe('5521988887777');
    expect(phoneSearchDigitsOf('021 98888.7777')).toBe('21988887777');
    expect(phoneSearchDigitsOf('8888-7777')).toBe('88887777');
    expect(phoneSearchDigitsOf('888-7777')).toBeNull();
    expect(phoneSearchDigitsOf('BR98888777')).toBeNull();
  });

  it('asks the e-mail only for an address, and every text of the code fields', () => {
    expect(fields('BR0001')).toEqual(['trackingCode', 'referenceNumber']);
    expect(fields('(21) 98888-7777')).toEqual(['trackingCode', 'referenceNumber', 'customerPhone']);
    expect(fields('Ana@Exemplo.com')).toEqual(['trackingCode', 'referenceNumber', 'customerEmail']);
    expect(searchTermsOf(order, ' Ana@Exemplo.com ').at(-1)?.value).toBe('ana@exemplo.com');
    expect(fields('   ')).toEqual([]);
  });

  it('leaves out the reference number for a caller without filterReferenceNumber', () => {
    expect(fields('PED-1', (permission) => permission !== 'filterReferenceNumber')).toEqual(['trackingCode']);
  });
});
