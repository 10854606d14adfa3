import { ENTITIES, entitySchema } from '@ebox/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import {
  cpfOf,
  DEMO_BUILDINGS,
  DEMO_COMPANIES,
  DEMO_CUSTOMERS,
  DEMO_GROUP,
  DEMO_LAYOUTS,
  DEMO_MESSAGE_TEMPLATES,
  DEMO_MODULES,
  DEMO_PRODUCTS,
  DEMO_QRCODE_TEMPLATES,
  DEMO_WAREHOUSES,
  DEMO_WEBHOOKS,
  type DemoCompanyKey,
} from './demo-data';

/** Any number, the same for every replica: two API processes starting together seed once. */
const DEMO_LOCK = 4_711_001;

/**
 * Inserts one record of a declared entity after passing it through the entity's schema, so the
 * demo data obeys the same rules as a form (an invalid demo record fails start-up loudly).
 */
async function insertRecord(tx: Tx, entityName: string, data: Record<string, unknown>): Promise<string> {
  const entity = ENTITIES[entityName];
  if (!entity) throw new Error(`demo data: unknown entity ${entityName}`);
  const parsed = entitySchema(entity, 'create').safeParse(data);
  if (!parsed.success) throw new Error(`demo data: invalid ${entityName} ${JSON.stringify(data)}: ${parsed.error.message}`);
  const table = entityTable(entityName);
  const [row] = (await tx
    .insert(table)
    .values(parsed.data as never)
    .returning({ id: table.id })) as { id: string }[];
  if (!row) throw new Error(`demo data: ${entityName} not inserted`);
  return row.id;
}

async function hasCompanies(tx: Tx): Promise<boolean> {
  const company = entityTable('company');
  const rows = await tx.select({ id: company.id }).from(company).limit(1);
  return rows.length > 0;
}

/**
 * Loads the demo data set once, on a database without companies (a fresh install); answers
 * whether it loaded anything. SEED_DEMO=false keeps main.ts from calling it.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_LOCK})`);
    if (await hasCompanies(tx)) return false;

    const groupId = await insertRecord(tx, 'group', DEMO_GROUP);

    const companies = {} as Record<DemoCompanyKey, string>;
    for (const [key, data] of Object.entries(DEMO_COMPANIES) as [DemoCompanyKey, Record<string, unknown>][]) {
      // The carriers operate the lockers of the demo group.
      companies[key] = await insertRecord(tx, 'company', data.type === 'carrier' ? { ...data, group: groupId } : data);
    }

    for (const warehouse of DEMO_WAREHOUSES) {
      await insertRecord(tx, 'warehouse', { ...warehouse, company: companies[warehouse.company] });
    }

    const customerIds: string[] = [];
    for (const customer of DEMO_CUSTOMERS) {
      customerIds.push(
        await insertRecord(tx, 'customer', {
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

    // Residents move into the apartments in order, one per apartment.
    const residents = DEMO_CUSTOMERS.map((customer, i) => ({ customer, id: customerIds[i] as string })).filter((r) => r.customer.resident);
    const customerTable = entityTable('customer');
    for (const { towers, ...building } of DEMO_BUILDINGS) {
      const buildingId = await insertRecord(tx, 'building', { ...building, company: companies.acacias });
      for (const tower of towers) {
        const apartmentIds: string[] = [];
        for (const apartment of tower.apartments) {
          const resident = residents.shift();
          const apartmentId = await insertRecord(tx, 'buildingLevel2', {
            name: `${tower.name} - ${building.level2} ${apartment}`,
            customers: resident ? [resident.id] : [],
          });
          if (resident) {
            await tx
              .update(customerTable)
              .set({ buildingLevel2: apartmentId } as never)
              .where(eq(customerTable.id, resident.id));
          }
          apartmentIds.push(apartmentId);
        }
        await insertRecord(tx, 'buildingLevel1', {
          name: tower.name,
          building: buildingId,
          level2: apartmentIds,
          company: companies.acacias,
        });
      }
    }

    for (const product of DEMO_PRODUCTS) await insertRecord(tx, 'product', product);

    const layouts: Record<string, string> = {};
    for (const layout of DEMO_LAYOUTS) layouts[layout.code] = await insertRecord(tx, 'compartimentLayout', layout);

    for (const { compartiments, ...module } of DEMO_MODULES) {
      const moduleId = await insertRecord(tx, 'eboxModule', module);
      for (const [i, compartiment] of compartiments.entries()) {
        await insertRecord(tx, 'eboxModuleCompartiment', {
          eboxModule: moduleId,
          staticNumber: i + 1,
          compartimentLayout: layouts[compartiment.layout],
          pcd: compartiment.pcd,
          enable: true,
          priority: i + 1,
        });
      }
    }

    for (const template of DEMO_MESSAGE_TEMPLATES) {
      await insertRecord(tx, 'ccm', { ...template, company: companies[template.company], enable: true });
    }
    for (const template of DEMO_QRCODE_TEMPLATES) {
      await insertRecord(tx, 'qrcodeTemplate', { ...template, company: companies[template.company], enable: true });
    }
    for (const webhook of DEMO_WEBHOOKS) await insertRecord(tx, 'webhook', { ...webhook, company: companies[webhook.company] });

    return true;
  });
}
