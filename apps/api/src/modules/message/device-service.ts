import { DECLARED_ENTITIES, PUSH_TOKEN_PATTERN, type PushPlatform } from '@ebox/domain';
import { loadInScope } from '../../kit/entity-write';
import { resourceOf } from '../../kit/repository';
import { auditByOf, writeAudit } from '../../platform/audit';
import { authorize, inTransaction, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors';
import {
  type CustomerDeviceRow,
  deleteCustomerDevice,
  deleteDeviceById,
  findCustomerDevices,
  lockDeviceByToken,
  upsertCustomerDevice,
} from './device-repository';
import { pushTokenEndOf } from './plan';

/**
 * The devices a customer's app registered for push notifications (docs/messages.md "Push"): the
 * shipper's or building's app calls POST /customer/:id/device at each start with its FCM token; push
 * messages go to the customer's most recently registered device. The API never answers a token
 * whole (only its last characters), and neither does the audit log.
 */

const customers = resourceOf(DECLARED_ENTITIES.customer);

export type CustomerDevice = { id: string; platform: string; tokenEnd: string; createdAt: string; registeredAt: string };

function presentDevice(row: CustomerDeviceRow): CustomerDevice {
  return {
    id: row.id,
    platform: row.platform,
    tokenEnd: pushTokenEndOf(row.token),
    // PostgreSQL's text of a timestamp ('2026-12-02 17:30:47.87+00'): answered as ISO, as every other date.
    createdAt: new Date(row.createdAt).toISOString(),
    registeredAt: new Date(row.registeredAt).toISOString(),
  };
}

function auditDevice(ctx: TxContext, action: 'deviceRegister' | 'deviceRemove', device: CustomerDeviceRow, customerId = device.customer) {
  const entry = { company: device.company, device: { id: device.id, platform: device.platform, token: pushTokenEndOf(device.token) } };
  return writeAudit(ctx.tx, {
    entityName: 'customer',
    entityId: customerId,
    action,
    ...(action === 'deviceRegister' ? { after: entry } : { before: entry }),
    by: auditByOf(principalOf(ctx.actor)),
  });
}

/** GET /customer/:id/device. */
export async function listCustomerDevices(ctx: ServiceContext, customerId: string): Promise<{ rows: CustomerDevice[]; count: number }> {
  authorize(ctx, 'customerRead');
  await loadInScope(ctx, customers, customerId);
  const rows = await inTransaction(ctx, (tx) => findCustomerDevices(tx.tx, customerId));
  return { rows: rows.map(presentDevice), count: rows.length };
}

/** POST /customer/:id/device: a token registered again moves to this customer (a phone changing hands) and becomes their newest. */
export async function registerCustomerDevice(
  ctx: ServiceContext,
  customerId: string,
  input: { token: string; platform: PushPlatform },
): Promise<CustomerDevice> {
  authorize(ctx, 'customerEdit');
  const token = input.token.trim();
  if (!PUSH_TOKEN_PATTERN.test(token)) throw fieldError('token', 'errors.pushTokenInvalid');
  const customer = await loadInScope(ctx, customers, customerId);
  const companyId = customer.company ? String(customer.company) : null;
  return inTransaction(ctx, async (tx) => {
    const before = await lockDeviceByToken(tx.tx, companyId, token);
    const row = await upsertCustomerDevice(tx.tx, { companyId, customerId, token, platform: input.platform });
    if (before && before.customer !== customerId) await auditDevice(tx, 'deviceRemove', before);
    // Apps register at every start: only a new device, or one that changed hands or platform, is worth a row.
    if (!before || before.customer !== customerId || before.platform !== row.platform) await auditDevice(tx, 'deviceRegister', row);
    return presentDevice(row);
  });
}

/** DELETE /customer/:id/device/:deviceId: the app signed out, or an operator removes a lost phone. */
export async function removeCustomerDevice(ctx: ServiceContext, customerId: string, deviceId: string): Promise<{ id: string }> {
  authorize(ctx, 'customerEdit');
  await loadInScope(ctx, customers, customerId);
  return inTransaction(ctx, async (tx) => {
    const row = await deleteCustomerDevice(tx.tx, customerId, deviceId);
    if (!row) throw notFound('errors.customerDeviceNotFound');
    await auditDevice(tx, 'deviceRemove', row);
    return { id: row.id };
  });
}

/** FCM answered UNREGISTERED for a device's token: nothing more goes to it (the message sender, in its failure's transaction). */
export async function forgetUnregisteredDevice(ctx: TxContext, deviceId: string): Promise<void> {
  const row = await deleteDeviceById(ctx.tx, deviceId);
  if (row) await auditDevice(ctx, 'deviceRemove', row);
}
