import { PUSH_PLATFORMS } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { listCustomerDevices, registerCustomerDevice, removeCustomerDevice } from './device-service';

const device = z.object({
  id: z.string(),
  platform: z.string(),
  tokenEnd: z.string(),
  createdAt: z.string(),
  registeredAt: z.string(),
});
const customerParams = z.object({ id: z.uuid() });

/** Issue 27: the devices a customer's app registers for push notifications (FCM tokens). */
export async function registerCustomerDeviceRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/customer/:id/device',
    {
      schema: {
        tags: ['customer'],
        summary: "The customer's devices registered for push, the one push goes to first (tokens shown by their last characters)",
        params: customerParams,
        response: { 200: z.object({ rows: z.array(device), count: z.number() }) },
      },
    },
    async (request) => listCustomerDevices(contextOfRequest(request), request.params.id),
  );

  api.post(
    '/customer/:id/device',
    {
      schema: {
        tags: ['customer'],
        summary:
          "Registers a device of the customer's app for push (its FCM registration token); registering it again makes it the newest, or moves it to this customer",
        params: customerParams,
        body: z.object({ data: z.object({ token: z.string().max(4096), platform: z.enum(PUSH_PLATFORMS) }) }),
        response: { 200: device },
      },
    },
    async (request) => registerCustomerDevice(contextOfRequest(request), request.params.id, request.body.data),
  );

  api.delete(
    '/customer/:id/device/:deviceId',
    {
      schema: {
        tags: ['customer'],
        summary: 'Removes a device from push (the app signed out, a phone was lost)',
        params: z.object({ id: z.uuid(), deviceId: z.uuid() }),
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (request) => removeCustomerDevice(contextOfRequest(request), request.params.id, request.params.deviceId),
  );
}
