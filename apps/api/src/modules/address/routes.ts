import { plainTextSchema } from '@ebox/domain';
import { pickedAddressSchema, postalCodeFillSchema } from '@ebox/domain/address-book';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { fillFromPostalCode, readPickedAddress } from './service';

const params = z.object({ postalCode: plainTextSchema.min(1).max(20) });

export async function registerAddressRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/address/postal-code/:postalCode',
    {
      schema: {
        tags: ['address'],
        summary: 'What the address book knows of a Brazilian postal code (CEP), for an address form to fill',
        params,
        response: { 200: postalCodeFillSchema },
      },
    },
    async (request) => fillFromPostalCode(contextOfRequest(request), request.params.postalCode),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/address/pick/:id',
    {
      schema: {
        tags: ['address'],
        summary: "An address book record's fields, for a locker form that copies them on the pick",
        params: z.object({ id: z.uuid() }),
        response: { 200: pickedAddressSchema },
      },
    },
    async (request) => readPickedAddress(contextOfRequest(request), request.params.id),
  );
}
