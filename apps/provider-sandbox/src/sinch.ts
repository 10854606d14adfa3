import { randomBytes } from 'node:crypto';
import {
  bearerOf,
  type FailureScript,
  JSON_TYPE,
  jsonAnswer,
  jsonBodyOf,
  type ProviderHandler,
  type SandboxAnswer,
  textOf,
} from './sandbox-kit';

export type SinchCredentials = { servicePlanId: string; apiToken: string; from: string };

export type SinchReceived = { batchId: string; to: string[]; from: string; text: string };

/** Sinch's error body: `{code, text}` (e.g. 400 syntax_invalid_parameter_format, 401 unauthorized). */
export function sinchError(status: number, code: string, text: string): SandboxAnswer {
  return jsonAnswer(status, { code, text });
}

const DEFAULT_ERRORS: Record<number, [string, string]> = {
  400: ['syntax_invalid_parameter_format', "Invalid 'to' parameter"],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not_found', 'Not found'],
  429: ['too_many_requests', 'Too many requests'],
  500: ['internal_error', 'Internal error'],
  503: ['service_unavailable', 'Service temporarily unavailable'],
};

/** Sinch batch ids: 26 characters, as `01` and a ULID-like rest. */
const newBatchId = () => `01${randomBytes(12).toString('hex').toUpperCase()}`;

/** Sinch's XMS REST API: `POST /xms/v1/{servicePlanId}/batches` with the service plan's Bearer API token. */
export function createSinchHandler(credentials: SinchCredentials): ProviderHandler<SinchReceived> {
  return {
    contentType: JSON_TYPE,
    routeOf: (request) => (request.method === 'POST' && /^\/xms\/v1\/[^/]+\/batches$/.test(request.path) ? 'send' : undefined),
    handle(request) {
      const servicePlanId = decodeURIComponent(request.path.split('/')[3] ?? '');
      if (bearerOf(request) !== credentials.apiToken || servicePlanId !== credentials.servicePlanId) {
        return { answer: sinchError(401, 'unauthorized', 'Unauthorized') };
      }
      const batch = jsonBodyOf(request);
      if (!batch) return { answer: sinchError(400, 'syntax_invalid_json', 'The JSON structure is invalid') };
      const to = Array.isArray(batch.to) ? batch.to.filter((number): number is string => typeof number === 'string') : [];
      const from = textOf(batch.from);
      const text = textOf(batch.body);
      if (!to.length) return { answer: sinchError(400, 'syntax_constraint_violation', 'to: may not be empty') };
      if (!from || text === undefined) return { answer: sinchError(400, 'syntax_constraint_violation', 'from and body: may not be null') };
      const invalid = to.find((number) => !/^\+?[1-9]\d{7,14}$/.test(number));
      if (invalid) return { answer: sinchError(400, 'syntax_invalid_parameter_format', `Invalid 'to' parameter: '${invalid}'`) };
      const now = new Date();
      const batchId = newBatchId();
      // The created batch, echoing the request as the API does.
      const answer = jsonAnswer(201, {
        id: batchId,
        to,
        from,
        canceled: false,
        body: text,
        type: 'mt_text',
        created_at: now.toISOString(),
        modified_at: now.toISOString(),
        delivery_report: 'none',
        expire_at: new Date(now.getTime() + 3 * 86_400_000).toISOString(),
        flash_message: false,
      });
      return { answer, accepted: { batchId, to, from, text } };
    },
    failureOf(script: FailureScript) {
      const status = script.status ?? 400;
      const [code, text] = DEFAULT_ERRORS[status] ?? ['internal_error', 'Internal error'];
      return sinchError(status, String(script.code ?? code), script.message ?? text);
    },
  };
}
