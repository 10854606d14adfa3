import type { PushPlatform } from '@ebox/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { customerDevice } from '../../platform/db/schema';

export type CustomerDeviceRow = typeof customerDevice.$inferSelect;

/** The customer's devices, the one push goes to (the most recently registered) first. */
export function findCustomerDevices(tx: Tx, customerId: string): Promise<CustomerDeviceRow[]> {
  return tx
    .select()
    .from(customerDevice)
    .where(eq(customerDevice.customer, customerId))
    .orderBy(desc(customerDevice.registeredAt), desc(customerDevice.id));
}

/** The token's row in the company, locked, so a registration that moves it sees who had it. */
export async function lockDeviceByToken(tx: Tx, companyId: string | null, token: string): Promise<CustomerDeviceRow | undefined> {
  const [row] = await tx
    .select()
    .from(customerDevice)
    .where(and(sql`${customerDevice.company} is not distinct from ${companyId}`, eq(customerDevice.token, token)))
    .for('update');
  return row;
}

/** Registers a token for a customer, or registers it again (it moves to this customer and becomes their newest). */
export async function upsertCustomerDevice(
  tx: Tx,
  device: { companyId: string | null; customerId: string; token: string; platform: PushPlatform },
): Promise<CustomerDeviceRow> {
  const [row] = await tx
    .insert(customerDevice)
    .values({ company: device.companyId, customer: device.customerId, token: device.token, platform: device.platform })
    .onConflictDoUpdate({
      target: [customerDevice.company, customerDevice.token],
      set: { customer: device.customerId, platform: device.platform, registeredAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('customer_device upsert returned no row');
  return row;
}

export async function deleteCustomerDevice(tx: Tx, customerId: string, deviceId: string): Promise<CustomerDeviceRow | undefined> {
  const [row] = await tx
    .delete(customerDevice)
    .where(and(eq(customerDevice.customer, customerId), eq(customerDevice.id, deviceId)))
    .returning();
  return row;
}

/** Removes a device whose token FCM no longer knows. */
export async function deleteDeviceById(tx: Tx, deviceId: string): Promise<CustomerDeviceRow | undefined> {
  const [row] = await tx.delete(customerDevice).where(eq(customerDevice.id, deviceId)).returning();
  return row;
}

/** A push message's device token, read when it is sent (never copied into the message log). */
export async function findDeviceToken(tx: Tx, deviceId: string): Promise<string | undefined> {
  const [row] = await tx.select({ token: customerDevice.token }).from(customerDevice).where(eq(customerDevice.id, deviceId));
  return row?.token;
}
