import { randomBytes } from 'node:crypto';
import { serviceOf } from '../../kit/service';
import type { AppDeps } from '../../platform/app-deps';
import { auditByOf, writeAudit } from '../../platform/audit';
import { inTransaction, principalOf, systemContext, type TxContext } from '../../platform/context';
import { sampleOccupancyAt } from '../dashboard/rollup-service';
import { generateCompartiments } from '../ebox/service';
import { registerCustomerDevice } from '../message/device-service';
import {
  cpfOf,
  DEMO_BUILDINGS,
  DEMO_CLUSTERS,
  DEMO_COMPANIES,
  DEMO_CUSTOMERS,
  DEMO_GROUP,
  DEMO_LAYOUTS,
  DEMO_LOCKERS,
  DEMO_MESSAGE_TEMPLATES,
  DEMO_MODULES,
  DEMO_PRODUCTS,
  DEMO_QRCODE_TEMPLATES,
  DEMO_WAREHOUSES,
  DEMO_WEBHOOKS,
  type DemoCompanyKey,
} from './demo-data';
import { seedDemoOrders } from './demo-orders';
import { seedDemoRun } from './demo-run';
import { hasCompanies, insertDemoPayments, lockDemoSeed } from './repository';

/** Any number, the same for every replica: two API processes starting together seed once. */
const DEMO_LOCK = 4_711_001;

/**
 * Creates one record through the entity's service, as a form would: the same validation, rules and
 * audit entries (by `system:demoSeed`), so an invalid demo record fails start-up loudly.
 */
/** An FCM registration token as Firebase hands them out: an instance id, a colon, a long base64url tail. */
function demoPushTokenOf(): string {
  return `${randomBytes(8).toString('base64url')}:APA91b${randomBytes(105).toString('base64url')}`;
}

async function createRecord(ctx: TxContext, entityName: string, data: Record<string, unknown>): Promise<string> {
  const record = await serviceOf(entityName).create(ctx, data);
  return record.id;
}

/**
 * Loads the demo data set once, on a database without companies (a fresh install); answers
 * whether it loaded anything. It acts as the `demoSeed` system actor, whose declared rights
 * (packages/domain/src/actors.ts) are the creates it needs and the customer edit that moves
 * residents in. SEED_DEMO=false keeps main.ts from calling it.
 */
export async function seedDemoData(deps: AppDeps): Promise<boolean> {
  return inTransaction(systemContext(deps, 'demoSeed'), async (ctx) => {
    await lockDemoSeed(ctx.tx, DEMO_LOCK);
    if (await hasCompanies(ctx.tx)) return false;

    const groupId = await createRecord(ctx, 'group', DEMO_GROUP);

    // Filled by the loop below, one id per key; Object.entries types the keys as string.
    const companies = {} as Record<DemoCompanyKey, string>;
    for (const [key, data] of Object.entries(DEMO_COMPANIES) as [DemoCompanyKey, Record<string, unknown>][]) {
      // The carriers operate the lockers of the demo group.
      companies[key] = await createRecord(ctx, 'company', data.type === 'carrier' ? { ...data, group: groupId } : data);
    }

    const warehouses: string[] = [];
    for (const warehouse of DEMO_WAREHOUSES) {
      warehouses.push(await createRecord(ctx, 'warehouse', { ...warehouse, company: companies[warehouse.company] }));
    }

    const customerIds: string[] = [];
    for (const customer of DEMO_CUSTOMERS) {
      customerIds.push(
        await createRecord(ctx, 'customer', {
          name: customer.name,
          cellphone: customer.cellphone,
          email: customer.email,
          documentNumber: cpfOf(customer.cpf),
          company: companies[customer.company],
          pcd: customer.pcd ?? false,
          enable: true,
        }),
      );
    }

    // Each customer's app has registered a phone for push (the demo's FCM is the provider sandbox).
    for (const customerId of customerIds) await registerCustomerDevice(ctx, customerId, { token: demoPushTokenOf(), platform: 'android' });

    // Residents move into the apartments in order, one per apartment.
    const buildings: Record<string, string> = {};
    const residents = DEMO_CUSTOMERS.map((customer, i) => ({ customer, id: customerIds[i] })).filter((r) => r.customer.resident);
    for (const { towers, ...building } of DEMO_BUILDINGS) {
      const buildingId = await createRecord(ctx, 'building', { ...building, company: companies.acacias });
      buildings[building.name] = buildingId;
      for (const tower of towers) {
        const apartmentIds: string[] = [];
        for (const apartment of tower.apartments) {
          const resident = residents.shift();
          const apartmentId = await createRecord(ctx, 'buildingLevel2', {
            name: `${tower.name} - ${building.level2} ${apartment}`,
            customers: resident ? [resident.id] : [],
          });
          if (resident) await serviceOf('customer').update(ctx, resident.id, { buildingLevel2: apartmentId });
          apartmentIds.push(apartmentId);
        }
        await createRecord(ctx, 'buildingLevel1', {
          name: tower.name,
          building: buildingId,
          level2: apartmentIds,
          company: companies.acacias,
        });
      }
    }

    const products: string[] = [];
    for (const product of DEMO_PRODUCTS) products.push(await createRecord(ctx, 'product', product));

    const layouts: Record<string, string> = {};
    for (const layout of DEMO_LAYOUTS) layouts[layout.code] = await createRecord(ctx, 'compartimentLayout', layout);

    const modules: Record<string, string> = {};
    for (const { compartiments, ...module } of DEMO_MODULES) {
      const moduleId = await createRecord(ctx, 'eboxModule', module);
      modules[module.code] = moduleId;
      for (const [i, compartiment] of compartiments.entries()) {
        await createRecord(ctx, 'eboxModuleCompartiment', {
          eboxModule: moduleId,
          staticNumber: i + 1,
          compartimentLayout: layouts[compartiment.layout],
          pcd: compartiment.pcd,
          enable: true,
          priority: i + 1,
        });
      }
    }

    // Lockers and their compartments as an operator makes them: the form, then "generate compartments".
    const groupLockers: string[] = [];
    const lockers: Record<string, string> = {};
    for (const locker of DEMO_LOCKERS) {
      const lockerId = await createRecord(ctx, 'ebox', {
        ...locker.data,
        company: companies[locker.company],
        building: locker.building ? buildings[locker.building] : undefined,
        eboxModule: locker.modules.map((code) => modules[code]),
        startNumber: 1,
        boardNumber: 1,
        enable: true,
      });
      await generateCompartiments(ctx, { ebox: lockerId });
      lockers[locker.data.code] = lockerId;
      if (locker.inGroup) groupLockers.push(lockerId);
    }
    await serviceOf('group').update(ctx, groupId, { ebox: groupLockers });

    for (const cluster of DEMO_CLUSTERS) {
      const clusterId = await createRecord(ctx, 'cluster', { ...cluster.data, company: companies[cluster.company] });
      for (const [position, locker] of cluster.lockers.entries()) {
        await createRecord(ctx, 'clusterEbox', {
          cluster: clusterId,
          ebox: lockers[locker.code],
          sequenceCompartiments: locker.sequenceCompartiments,
          clusterPosition: position + 1,
          enable: true,
        });
      }
    }

    for (const template of DEMO_MESSAGE_TEMPLATES) {
      await createRecord(ctx, 'ccm', { ...template, company: companies[template.company], enable: true });
    }
    for (const template of DEMO_QRCODE_TEMPLATES) {
      await createRecord(ctx, 'qrcodeTemplate', { ...template, company: companies[template.company], enable: true });
    }
    for (const webhook of DEMO_WEBHOOKS) await createRecord(ctx, 'webhook', { ...webhook, company: companies[webhook.company] });

    await seedDemoOrders(ctx, { companies, customers: customerIds, products, lockers });
    await seedDemoRun(ctx, { company: companies.rapido, warehouse: warehouses[0] as string, lockers });
    for (const payment of await insertDemoPayments(ctx.tx)) {
      await writeAudit(ctx.tx, {
        entityName: 'payment',
        entityId: payment.id,
        action: 'create',
        after: payment,
        by: auditByOf(principalOf(ctx.actor)),
        companyIds: [payment.company],
      });
    }
    // The dashboard's weekday × hour grid shows free compartments from this hour on, not from the next hourly sample.
    await sampleOccupancyAt(ctx, new Date());

    return true;
  });
}
