import { ENTITIES, textOf } from '@ebox/domain';
import { findRowsInScope, resourceOf } from '../../kit/repository';
import { scopeOfActor } from '../../platform/access';
import { authorize, can, dbOf, type ServiceContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { findOrderInCompartment, listDoorEvents } from './compartment-inside-repository';

/** How many of a door's events the drawer shows: the last few answer "what happened to door 4". */
const DOOR_EVENTS_SHOWN = 10;

function isoOrNull(value: unknown): string | null {
  const text = textOf(value);
  return text ? new Date(text).toISOString() : null;
}

/**
 * GET /compartiment/{id}/inside: what the locker page's drawer names for one door, the parcel in it
 * and its last door events. The compartment is read in the caller's scope (through its locker: 404
 * outside it). The parcel only with orderRead and only of the caller's companies: on a shared locker
 * another company's parcel answers `order: null`, never its customer (the door's status already
 * says it is occupied). Door events carry no person's name (that is the audit log's, under
 * auditLogRead): what happened to the door and when.
 */
export async function findCompartmentInside(ctx: ServiceContext, id: string) {
  authorize(ctx, 'compartimentRead');
  const scope = scopeOfActor(ctx.actor);
  const [compartment] = await findRowsInScope(dbOf(ctx), resourceOf(ENTITIES.compartiment), [id], scope);
  if (!compartment) throw notFound();
  const [order, events] = await Promise.all([
    can(ctx, 'orderRead') ? findOrderInCompartment(dbOf(ctx), compartment.id, scope) : undefined,
    listDoorEvents(dbOf(ctx), compartment.id, DOOR_EVENTS_SHOWN),
  ]);
  return {
    order: order
      ? {
          id: String(order.id),
          trackingCode: textOf(order.trackingCode),
          referenceNumber: textOf(order.referenceNumber),
          type: textOf(order.type),
          status: textOf(order.status),
          customerName: textOf(order.customerName),
          createdAt: new Date(String(order.createdAt)).toISOString(),
          storedAt: isoOrNull(order.storedAt),
          overdueDate: isoOrNull(order.overdueDate),
        }
      : null,
    doorEvents: events.map((event) => ({
      action: event.action,
      at: new Date(String(event.at)).toISOString(),
      outcome: event.outcome ?? null,
    })),
  };
}
