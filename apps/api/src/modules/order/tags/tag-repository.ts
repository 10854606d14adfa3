import { DECLARED_ENTITIES } from '@ebox/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resourceOf } from '../../../kit/repository';
import { scopeCondition } from '../../../kit/scope';
import type { CompanyScope } from '../../../platform/access';
import type { Tx } from '../../../platform/db/client';
import { entityTable } from '../../../platform/db/entity-tables';

/** Spec 3 "order tag data": the order with its locker, its recipient and its company's name. */
export type OrderTagData = {
  id: string;
  type: string;
  trackingCode: string;
  referenceNumber: string | null;
  customerName: string | null;
  createdAt: string;
  ebox: { code: string | null; name: string | null; street: string | null; number: string | null; postalCode: string | null };
  toCustomer: { name: string | null };
  companyName: string | null;
};

/**
 * The tag data of the orders named, those within `scope` only (an order of another company reads
 * as missing, as the kit's own reads do).
 */
export async function findOrderTagData(db: Tx, ids: string[], scope: CompanyScope): Promise<OrderTagData[]> {
  const order = resourceOf(DECLARED_ENTITIES.order);
  const o = order.columns;
  const ebox = alias(entityTable('ebox'), 'tag_ebox');
  const customer = alias(entityTable('customer'), 'tag_customer');
  const company = alias(entityTable('company'), 'tag_company');
  const rows = await db
    .select({
      id: o.id,
      type: o.type,
      trackingCode: o.trackingCode,
      referenceNumber: o.referenceNumber,
      customerName: o.customerName,
      createdAt: o.createdAt,
      eboxCode: ebox.code,
      eboxName: ebox.name,
      eboxStreet: ebox.street,
      eboxNumber: ebox.number,
      eboxPostalCode: ebox.postalCode,
      toCustomerName: customer.name,
      companyName: company.name,
    })
    .from(order.table)
    .leftJoin(ebox, eq(ebox.id, o.ebox))
    .leftJoin(customer, eq(customer.id, o.toCustomer))
    .leftJoin(company, eq(company.id, o.company))
    .where(and(inArray(o.id, [...new Set(ids)]), scopeCondition(order.entity, order.columns, scope)));
  return rows.map((r) => {
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
    return {
      id: String(r.id),
      type: String(r.type),
      trackingCode: String(r.trackingCode),
      referenceNumber: text(r.referenceNumber),
      customerName: text(r.customerName),
      createdAt: r.createdAt instanceof Date ? r.createdAt.toISOString() : String(r.createdAt),
      ebox: {
        code: text(r.eboxCode),
        name: text(r.eboxName),
        street: text(r.eboxStreet),
        number: text(r.eboxNumber),
        postalCode: text(r.eboxPostalCode),
      },
      toCustomer: { name: text(r.toCustomerName) },
      companyName: text(r.companyName),
    };
  });
}
