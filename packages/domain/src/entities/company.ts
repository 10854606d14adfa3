import { defineEntity } from '../kit/entity';
import { ORDER_TYPES } from './enums';

export const COMPANY_TYPES = ['shipper', 'carrier', 'building'] as const;
export const SMS_GATEWAYS = ['AWS', 'SINCH'] as const;

export const company = defineEntity({
  name: 'company',
  path: 'company',
  table: 'company',
  labelField: 'name',
  naturalKey: ['name', 'externalId'],
  scope: { kind: 'self' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    type: { type: 'enum', options: COMPANY_TYPES, required: true },
    externalId: { type: 'text', max: 255 },
    logo: { type: 'files', image: true, max: 1 },
    allowCollectExpiredOrder: { type: 'boolean' },
    /** Limits the company's users to this group of lockers. */
    group: { type: 'relation', entity: 'group' },
    /** The company may operate orders of other companies. */
    distributionLogistic: { type: 'boolean' },
    parent: { type: 'relation', entity: 'company' },
    building: { type: 'relation', entity: 'building' },
    companySettings: {
      type: 'object',
      fields: {
        orderTypes: { type: 'enum', options: ORDER_TYPES, multiple: true },
        smsGateway: { type: 'enum', options: SMS_GATEWAYS },
      },
    },
    /** Days until a delivery expires (spec calls it overdueData too). */
    maxDaysOverdueDateDelivery: { type: 'integer', min: 0, max: 365 },
    attachments: { type: 'files', max: 3, formats: ['txt', 'pdf'] },
  },
  listColumns: ['name', 'type', 'externalId', 'group', 'parent', 'maxDaysOverdueDateDelivery', 'createdAt'],
  filters: ['name', 'type', 'externalId', 'group', 'parent', 'distributionLogistic', 'createdAt'],
  importColumns: ['name', 'type', 'externalId', 'allowCollectExpiredOrder', 'distributionLogistic', 'maxDaysOverdueDateDelivery'],
});
