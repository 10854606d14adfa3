import http from 'node:http';

/**
 * A keep-alive JSON request answering the status and parsed body. The benchmarks drive the API from
 * its own process, so the client should cost little of the CPU it shares with the API: node:http
 * with a kept-alive agent costs less than fetch.
 */
export function requestJson(
  agent: http.Agent,
  url: URL,
  options: { method?: string; headers: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: unknown }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = payload === undefined ? options.headers : { ...options.headers, 'content-type': 'application/json' };
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method: options.method ?? 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (error) {
          reject(error);
        }
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** As requestJson, but an empty or non-JSON answer is taken too: its body is then null or the text. */
export function requestAnswer(
  agent: http.Agent,
  url: URL,
  options: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: any }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = payload === undefined ? options.headers : { ...options.headers, 'content-type': 'application/json' };
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { agent, method: options.method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(payload);
  });
}
