import { API_PREFIX } from '../../src/app';
import type { TestApp } from './test-app';

export type LiveReceived = { event: string; data: any; at: number };

/**
 * GET /live as the web reads it: fetch with the Bearer header, the body parsed as Server-Sent
 * Events into `received` as they arrive. `close` ends it (call it, or the app's close waits on it).
 */
export async function openLiveStream(app: TestApp, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${app.baseUrl}${API_PREFIX}/live`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const received: LiveReceived[] = [];
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) received.push({ event, data: JSON.parse(data), at: Date.now() });
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted at the end of the test
      }
    })();
  }
  return { response, received, close: () => controller.abort() };
}
