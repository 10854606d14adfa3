import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import {
  COMMAND_FAILURE_OUTCOMES,
  COMMAND_FAILURE_STATUS,
  CONSOLE_ACTIONS,
  type CommandFailure,
  lockCompartiment,
  openCompartiment,
  sendTerminalAction,
} from './service';

const uuid = z.uuid();
const failure = z.object({
  message: z.string(),
  outcome: z.enum(COMMAND_FAILURE_OUTCOMES),
  transactionId: z.string().optional(),
  errorCode: z.string().optional(),
});
const failureResponses = { 409: failure, 422: failure, 424: failure } as const;

function failureBody(result: CommandFailure) {
  const { ok: _ok, ...body } = result;
  return body;
}

/** Spec 7.4's commands to lockers; the service checks permission and scope and audits each. */
export async function registerTerminalCommandRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/compartiment/open/:id',
    {
      schema: {
        tags: ['compartiment'],
        summary: "Opens a compartment through its locker's terminal: 200 only when the terminal says it opened",
        params: z.object({ id: uuid }),
        querystring: z.object({ orderId: z.string().min(1).max(200).optional() }),
        response: {
          200: z.object({
            status: z.literal('opened'),
            transactionId: z.string(),
            compartiment: z.object({ id: z.string(), number: z.number(), doorOpen: z.boolean(), doorReported: z.boolean() }),
          }),
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const result = await openCompartiment(contextOfRequest(request), request.params.id, request.query.orderId);
      if (!result.ok) return reply.status(COMMAND_FAILURE_STATUS[result.outcome]).send(failureBody(result));
      const { ok: _ok, ...body } = result;
      return body;
    },
  );

  api.put(
    '/compartiment/lock/:id',
    {
      schema: {
        tags: ['compartiment'],
        summary: 'Locks a compartment (DAMAGE) or releases it (AVAILABLE)',
        params: z.object({ id: uuid }),
        body: z.object({ data: z.object({ status: z.enum(['DAMAGE', 'AVAILABLE']) }) }),
      },
    },
    async (request) => lockCompartiment(contextOfRequest(request), request.params.id, request.body.data.status),
  );

  api.post(
    '/ebox/terminal/send',
    {
      schema: {
        tags: ['ebox'],
        summary: "Sends reboot, restart_app or sync to a locker's terminal and waits for its answer",
        body: z.object({ data: z.object({ ebox: uuid, type_message: z.enum(CONSOLE_ACTIONS) }) }),
        response: { 200: z.object({ outcome: z.literal('done'), transactionId: z.string() }), ...failureResponses },
      },
    },
    async (request, reply) => {
      const result = await sendTerminalAction(contextOfRequest(request), request.body.data);
      if (!result.ok) return reply.status(COMMAND_FAILURE_STATUS[result.outcome]).send(failureBody(result));
      const { ok: _ok, ...body } = result;
      return body;
    },
  );
}
