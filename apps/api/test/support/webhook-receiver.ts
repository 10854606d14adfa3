import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A shipper's webhook receiver as an integrator writes one: every delivery is verified with the
 * unmodified `standardwebhooks` package (no verification code of ours), against each secret the
 * test says it knows. `answer` decides the HTTP answer per delivery (a receiver that is down, one
 * that asks to wait, one that is gone).
 */

export type ReceivedDelivery = {
  id: string;
  timestamp: number;
  body: { type: string; timestamp: string; data: Record<string, any> };
  /** Which of the known secrets verified it (index in `secrets`). */
  verifiedWith: number[];
  receivedAt: number;
};

export type ReceiverAnswer = { status: number; headers?: Record<string, string>; body?: string };

export type WebhookReceiver = {
  url: string;
  /** Deliveries answered 2xx and verified, in the order they arrived. */
  received: ReceivedDelivery[];
  /** Every request, answered or not, with its verification outcome. */
  requests: { id: string; type: string; orderId: string | undefined; status: number; verified: boolean; at: number }[];
  /** The secrets the receiver verifies with (the webhook's, as its create or rotation answered). */
  secrets: string[];
  answer: (delivery: { id: string; type: string; orderId: string | undefined; attempt: number }) => ReceiverAnswer;
  close(): Promise<void>;
};

function headerOf(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const attempts = new Map<string, number>();
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    requests: [],
    secrets: [],
    answer: () => ({ status: 204 }),
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': headerOf(request.headers, 'webhook-id'),
        'webhook-timestamp': headerOf(request.headers, 'webhook-timestamp'),
        'webhook-signature': headerOf(request.headers, 'webhook-signature'),
      };
      const verifiedWith: number[] = [];
      receiver.secrets.forEach((secret, index) => {
        try {
          new Webhook(secret).verify(raw, headers);
          verifiedWith.push(index);
        } catch {
          // not this secret
        }
      });
      let body: ReceivedDelivery['body'] | undefined;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const id = headers['webhook-id'];
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      const type = body?.type ?? '';
      const orderId = body?.data?.orderId as string | undefined;
      const verified = verifiedWith.length > 0 && body !== undefined;
      const answer = verified ? receiver.answer({ id, type, orderId, attempt }) : { status: 401 };
      receiver.requests.push({ id, type, orderId, status: answer.status, verified, at: Date.now() });
      if (verified && body && answer.status >= 200 && answer.status < 300) {
        receiver.received.push({ id, timestamp: Number(headers['webhook-timestamp']), body, verifiedWith, receivedAt: Date.now() });
      }
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/ebox`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
