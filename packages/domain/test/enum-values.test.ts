import { describe, expect, it } from 'vitest';
// The server registers both dictionaries on loading the domain's i18n; so does this test.
import '../src/i18n/index';
import { ENTITIES } from '../src/entities/index';
import { enumValueLabel, formatEnumValues, parseEnumValue } from '../src/kit/enum-values';
import { entitySchema } from '../src/kit/schema';

const TYPES = ['shipper', 'carrier', 'building'] as const;

describe('enumeration values as people write them', () => {
  it('reads a value by its key or its label in either language, whatever the case or accents', () => {
    for (const text of ['carrier', 'CARRIER', 'Transportadora', 'transportadora', 'Carrier', ' TRANSPORTADORA '])
      expect(parseEnumValue('company', 'type', TYPES, text), text).toBe('carrier');
    expect(parseEnumValue('company', 'type', TYPES, 'condominio')).toBe('building');
    expect(parseEnumValue('company', 'type', TYPES, 'Ferrovia')).toBeUndefined();
  });

  it('writes labels in the reader language', () => {
    expect(enumValueLabel('company', 'type', 'carrier', 'pt-BR')).toBe('Transportadora');
    expect(formatEnumValues('company', 'type', ['carrier', 'shipper'], 'en')).toBe('Carrier, Shipper');
  });

  it('imports what an export writes, and refuses an unknown value', () => {
    const schema = entitySchema(ENTITIES.company!, 'import');
    expect(schema.parse({ name: 'Rápida', type: 'Transportadora' })).toMatchObject({ type: 'carrier' });
    expect(schema.parse({ name: 'Rápida', type: 'Building' })).toMatchObject({ type: 'building' });
    expect(schema.safeParse({ name: 'Rápida', type: 'Ferrovia' }).success).toBe(false);
    // Forms and the API send keys: a label is not a value there.
    expect(entitySchema(ENTITIES.company!, 'create').safeParse({ name: 'Rápida', type: 'Transportadora' }).success).toBe(false);
  });
});
