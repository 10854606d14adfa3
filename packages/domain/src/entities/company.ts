import { defineEntity } from '../kit/entity';
import { MESSAGE_TEMPLATE_TYPES, ORDER_TYPES } from './enums';

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
        /** The channels tried in turn to reach a customer (none: WhatsApp, SMS, e-mail). */
        channelFallback: { type: 'enum', options: MESSAGE_TEMPLATE_TYPES, multiple: true },
        /** Hours before the overdue date the PRE_EXPIRED reminder goes (none: 24). */
        preExpiredHours: { type: 'integer', min: 1, max: 168 },
        /** Reminders go out between these times of the company's day, HH:mm (none: 09:00 to 21:00). */
        reminderWindowStart: { type: 'text', length: 5, matches: 'timeOfDay' },
        reminderWindowEnd: { type: 'text', length: 5, matches: 'timeOfDay' },
        /** When its lockers install software, HH:mm in timeZone, both or neither (none: 02:00 to 05:00; a locker's own overrides). */
        maintenanceWindowStart: { type: 'text', length: 5, matches: 'timeOfDay' },
        maintenanceWindowEnd: { type: 'text', length: 5, matches: 'timeOfDay' },
        /** The IANA time zone of the company's day (none: America/Sao_Paulo). */
        timeZone: { type: 'text', max: 64 },
        /** A carrier's promise: hours from taking a parcel (inbound) to storing it (none: 48; the dashboard's SLA). */
        carrierPromiseHours: { type: 'integer', min: 1, max: 720 },
        /** The dashboard's alert thresholds (packages/domain/src/dashboard/alerts.ts; none: its default). */
        alertOfflineMinutes: { type: 'integer', min: 1, max: 10080 },
        alertOfflineCriticalMinutes: { type: 'integer', min: 1, max: 10080 },
        alertOccupancyPercent: { type: 'integer', min: 1, max: 100 },
        alertOccupancyCriticalPercent: { type: 'integer', min: 1, max: 100 },
        alertOccupancyMinutes: { type: 'integer', min: 0, max: 1440 },
        alertDoorFailures: { type: 'integer', min: 1, max: 100 },
        alertDoorFailuresCritical: { type: 'integer', min: 1, max: 100 },
        alertOverdueParcels: { type: 'integer', min: 1, max: 10000 },
        alertOverdueParcelsCritical: { type: 'integer', min: 1, max: 10000 },
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
