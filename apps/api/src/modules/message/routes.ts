import { orderMessageEntity } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../kit/list-query';
import { resourceOf } from '../../kit/repository';
import { contextOfRequest } from '../../platform/access';
import { orderMessage } from '../../platform/db/schema';
import { registerCustomerDeviceRoutes } from './device-routes';
import { listOrderMessages } from './list-service';
import { resendOrderMessage, sendOrderNotification } from './notify-service';

const resource = resourceOf(orderMessageEntity, orderMessage);

const orderBody = z.object({ data: z.object({ id: z.uuid() }) });
const sentAnswer = z.object({
  sent: z.number(),
  messages: z.array(z.object({ id: z.string(), channel: z.string(), recipient: z.string().nullable(), status: z.string() })),
});

/** Issue 27: the message log, sends asked for on an order's page, and the providers' status reports. */
export async function registerMessageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/order-message',
    {
      schema: {
        tags: ['order'],
        summary: "Messages to the orders' customers, newest first (the message log; filter[order] for one order's)",
        querystring: listQuerySchema,
      },
    },
    async (request) => listOrderMessages(contextOfRequest(request), resource, request.query),
  );

  api.post(
    '/order/send-notification',
    {
      schema: {
        tags: ['order'],
        summary: "Sends the messages of the order's current status now, on the company's channels",
        body: orderBody,
        response: { 200: sentAnswer },
      },
    },
    async (request) => {
      const messages = await sendOrderNotification(contextOfRequest(request), request.body.data.id);
      return { sent: messages.length, messages };
    },
  );

  for (const channel of ['sms', 'email'] as const) {
    api.post(
      `/order/resend-${channel}`,
      {
        schema: {
          tags: ['order'],
          summary: `Sends the order's current ${channel === 'sms' ? 'SMS' : 'e-mail'} again (refused within a minute of the last)`,
          body: orderBody,
          response: { 200: sentAnswer },
        },
      },
      async (request) => {
        const messages = await resendOrderMessage(contextOfRequest(request), request.body.data.id, channel);
        return { sent: messages.length, messages };
      },
    );
  }

  await app.register(registerCustomerDeviceRoutes);
}
