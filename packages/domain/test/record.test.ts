import { describe, expect, expectTypeOf, it } from 'vitest';
import { DECLARED_ENTITIES } from '../src/entities/index';
import type { FileRef, RelationRef } from '../src/kit/field';
import type { EntityInput, EntityRecord, EntityRow } from '../src/kit/record';
import { entityRecordSchema, entityResponseSchemas } from '../src/kit/response-schema';

const ID = '3f2b1c1e-9a4b-4c2d-8e1f-1a2b3c4d5e6f';
const NOW = '2026-03-04T05:06:00.000Z';

const { customer, company } = DECLARED_ENTITIES;

/** A customer as GET /customer/{id} answers it. */
const answered: EntityRecord<typeof customer> = {
  id: ID,
  name: 'Maria da Silva',
  cellphone: '5521987654321',
  email: null,
  documentNumber: null,
  company: { id: ID, label: 'Transportadora Alfa' },
  buildingLevel2: null,
  address: null,
  photo: [],
  pcd: false,
  language: null,
  enable: true,
  createdAt: NOW,
  updatedAt: NOW,
};

describe('record types inferred from a declaration', () => {
  it('types each field by its declared type', () => {
    expectTypeOf<EntityRecord<typeof customer>['name']>().toEqualTypeOf<string | null>();
    expectTypeOf<EntityRecord<typeof customer>['pcd']>().toEqualTypeOf<boolean>();
    expectTypeOf<EntityRecord<typeof customer>['company']>().toEqualTypeOf<RelationRef | null>();
    expectTypeOf<EntityRecord<typeof customer>['photo']>().toEqualTypeOf<FileRef[]>();
    expectTypeOf<EntityRecord<typeof company>['type']>().toEqualTypeOf<'shipper' | 'carrier' | 'building' | null>();
    expectTypeOf<EntityRecord<typeof company>['maxDaysOverdueDateDelivery']>().toEqualTypeOf<number | null>();
    // Stored rows and inputs hold relations by id.
    expectTypeOf<EntityRow<typeof customer>['company']>().toEqualTypeOf<string | null>();
    expectTypeOf<EntityInput<typeof customer>['company']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<EntityRecord<typeof customer>>().toHaveProperty('createdAt');
  });

  it('describes the same shape in the answer schema', () => {
    expect(entityRecordSchema(customer).safeParse(answered).success).toBe(true);
    // A relation answered as a bare id, or an enum outside its options, is not the declared answer.
    expect(entityRecordSchema(customer).safeParse({ ...answered, company: ID }).success).toBe(false);
    const companyRecord = {
      id: ID,
      name: 'Alfa',
      type: 'airline',
      externalId: null,
      logo: [],
      allowCollectExpiredOrder: false,
      group: null,
      distributionLogistic: false,
      parent: null,
      building: null,
      companySettings: {},
      maxDaysOverdueDateDelivery: null,
      attachments: [],
      createdAt: NOW,
      updatedAt: NOW,
    };
    expect(entityRecordSchema(company).safeParse(companyRecord).success).toBe(false);
    expect(entityRecordSchema(company).safeParse({ ...companyRecord, type: 'carrier' }).success).toBe(true);
    // Every answer schema of the generic routes comes from the one declaration.
    const schemas = entityResponseSchemas(customer);
    expect(schemas.page.safeParse({ rows: [answered], count: 1 }).success).toBe(true);
    expect(schemas.autocomplete.safeParse([{ id: ID, label: 'Maria' }]).success).toBe(true);
  });
});
