import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * One HTTP POST of a webhook delivery. The address is checked where it matters, on the socket
 * actually connected (request-filtering-agent checks the DNS answer and the connected address), so
 * neither a DNS name resolving to 127.0.0.1 nor a DNS answer that changes between a check and the
 * connection reaches the console's own network: loopback, private, link-local and the cloud
 * metadata address are refused unless `allowLoopback` lets loopback through (tests, the demo).
 * Redirects are not followed: a 3xx counts as a failure, as Standard Webhooks asks.
 */

export type PostResult = {
  /** null: no answer (refused address, timeout, connection error). */
  statusCode: number | null;
  durationMs: number;
  /** The answer's first bytes, for the attempt log. */
  excerpt: string | null;
  /** Seconds the receiver asked to wait (Retry-After on a 429 or 503). */
  retryAfterSeconds: number | null;
  error: string | null;
};

const EXCERPT_BYTES = 1_024;
const LOOPBACK = ['127.0.0.1', '::1'];

type Agents = { http: http.Agent; https: https.Agent };
const agentsByPolicy = new Map<boolean, Agents>();

function agentsFor(allowLoopback: boolean): Agents {
  let agents = agentsByPolicy.get(allowLoopback);
  if (!agents) {
    const options = { keepAlive: true, allowIPAddressList: allowLoopback ? LOOPBACK : [] };
    agents = { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
    agentsByPolicy.set(allowLoopback, agents);
  }
  return agents;
}

/** Retry-After as seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSecondsOf(value: string | string[] | undefined, now = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1_000));
}

export function postDelivery(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowLoopback: boolean },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ statusCode: null, durationMs: 0, excerpt: null, retryAfterSeconds: null, error: 'invalid URL' });
      return;
    }
    const agents = agentsFor(options.allowLoopback);
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') {
      resolve({
        statusCode: null,
        durationMs: 0,
        excerpt: null,
        retryAfterSeconds: null,
        error: `unsupported protocol ${target.protocol}`,
      });
      return;
    }
    const request = (secure ? https : http).request(
      target,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'ebox-console-webhooks/1',
        },
        timeout: options.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? null,
            durationMs: elapsed(),
            excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8') || null,
            retryAfterSeconds: retryAfterSecondsOf(response.headers['retry-after']),
            error: null,
          }),
        );
        response.on('error', (error) =>
          resolve({
            statusCode: response.statusCode ?? null,
            durationMs: elapsed(),
            excerpt: null,
            retryAfterSeconds: null,
            error: error.message,
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) =>
      resolve({ statusCode: null, durationMs: elapsed(), excerpt: null, retryAfterSeconds: null, error: error.message }),
    );
    request.end(body);
  });
}
