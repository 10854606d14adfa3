import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local HTTP servers that speak the SMS gateways' real APIs, so the providers run exactly as in
 * production (the official SDKs, their signing and their error parsing), pointed at these by
 * SNS_ENDPOINT and SINCH_BASE_URL. Each records what arrived and answers what the test queued
 * (a success by default).
 */
export type GatewayRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type GatewayAnswer = { status: number; body: string; contentType: string };

export type FakeGateway = {
  url: string;
  requests: GatewayRequest[];
  /** The answer to the next request (then back to success). */
  answerNext(answer: GatewayAnswer): void;
  close(): Promise<void>;
};

async function startGateway(answerOf: (request: GatewayRequest) => GatewayAnswer): Promise<FakeGateway> {
  const requests: GatewayRequest[] = [];
  const queued: GatewayAnswer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const answer = queued.shift() ?? answerOf(request);
      res.writeHead(answer.status, { 'content-type': answer.contentType, 'x-amzn-requestid': randomUUID() });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext: (answer) => void queued.push(answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- AWS SNS: the Query protocol (form-encoded POST /, XML answers), API version 2010-03-31 ----

const SNS_NS = 'http://sns.amazonaws.com/doc/2010-03-31/';

export function snsPublishResponse(messageId = randomUUID()): GatewayAnswer {
  return {
    status: 200,
    contentType: 'text/xml',
    body: `<PublishResponse xmlns="${SNS_NS}">
  <PublishResult>
    <MessageId>${messageId}</MessageId>
  </PublishResult>
  <ResponseMetadata>
    <RequestId>${randomUUID()}</RequestId>
  </ResponseMetadata>
</PublishResponse>`,
  };
}

/** SNS's error document, e.g. (400, Sender, InvalidParameter), (429, Sender, Throttled), (500, Receiver, InternalError). */
export function snsError(status: number, type: 'Sender' | 'Receiver', code: string, message: string): GatewayAnswer {
  return {
    status,
    contentType: 'text/xml',
    body: `<ErrorResponse xmlns="${SNS_NS}">
  <Error>
    <Type>${type}</Type>
    <Code>${code}</Code>
    <Message>${message}</Message>
  </Error>
  <RequestId>${randomUUID()}</RequestId>
</ErrorResponse>`,
  };
}

export const startFakeSns = () => startGateway(() => snsPublishResponse());

/** The form parameters of a Query-protocol request. */
export function queryParamsOf(request: GatewayRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body));
}

// ---- Sinch: the XMS REST API, POST /xms/v1/{servicePlanId}/batches with JSON ----

/** The batch Sinch answers (201) for a text batch, echoing the request as the API does. */
function sinchBatchOf(request: GatewayRequest): GatewayAnswer {
  const sent = JSON.parse(request.body || '{}') as { from?: string; to?: string[]; body?: string };
  const now = new Date();
  return {
    status: 201,
    contentType: 'application/json',
    body: JSON.stringify({
      id: `01${randomUUID().replace(/-/g, '').slice(0, 24).toUpperCase()}`,
      to: sent.to,
      from: sent.from,
      canceled: false,
      body: sent.body,
      type: 'mt_text',
      created_at: now.toISOString(),
      modified_at: now.toISOString(),
      delivery_report: 'none',
      expire_at: new Date(now.getTime() + 3 * 86_400_000).toISOString(),
      flash_message: false,
    }),
  };
}

/** Sinch's error body: `{code, text}` (e.g. 400 syntax_invalid_parameter_format, 401 unauthorized). */
export function sinchError(status: number, code: string, text: string): GatewayAnswer {
  return { status, contentType: 'application/json', body: JSON.stringify({ code, text }) };
}

export const startFakeSinch = () => startGateway(sinchBatchOf);
