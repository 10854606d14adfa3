import type { LiveEvent } from '@ebox/domain';
import { useEffect, useRef } from 'react';
import { API_BASE, getStoredLanguage, getToken } from './api-client';

/**
 * The console's one push connection per tab (GET /live, Server-Sent Events read through fetch so
 * the Bearer header goes with it). Opened while something listens, closed shortly after the last
 * listener leaves; when it drops it connects again with a growing pause (1 s up to 30 s), and each
 * (re)connection starts with `ready`, on which listeners reload what they may have missed.
 */

export type LiveMessage = LiveEvent | { name: 'ready'; payload: Record<string, never> };
type Listener = (message: LiveMessage) => void;

const listeners = new Set<Listener>();
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** A refused stream (signed out, no eboxRead) is asked again much later, not hammered. */
const REFUSED_RETRY_MS = 60_000;
const IDLE_CLOSE_MS = 5_000;

let controller: AbortController | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let retryMs = FIRST_RETRY_MS;
let connected = false;
const stateListeners = new Set<(connected: boolean) => void>();

function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of stateListeners) listener(value);
}

function dispatch(message: LiveMessage) {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (error) {
      console.error(error);
    }
  }
}

/** One SSE block (`event:` and `data:` lines) as a message; comments (heartbeats) are nothing. */
function parseBlock(block: string): LiveMessage | null {
  let name = '';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (!name) return null;
  try {
    return { name, payload: data ? JSON.parse(data) : {} } as LiveMessage;
  } catch {
    return null;
  }
}

function scheduleRetry(delay: number) {
  if (retryTimer || !listeners.size) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void connect();
  }, delay);
}

async function connect(): Promise<void> {
  if (controller || !listeners.size) return;
  const token = getToken();
  if (!token) return scheduleRetry(REFUSED_RETRY_MS);
  const own = new AbortController();
  controller = own;
  try {
    const response = await fetch(`${API_BASE}/live`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', 'Accept-Language': getStoredLanguage() },
      signal: own.signal,
      cache: 'no-store',
    });
    if (!response.ok || !response.body) {
      controller = null;
      return scheduleRetry(response.status === 401 || response.status === 403 ? REFUSED_RETRY_MS : retryMs);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value.replace(/\r\n/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const message = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (message?.name === 'ready') {
          retryMs = FIRST_RETRY_MS;
          setConnected(true);
        }
        if (message) dispatch(message);
        end = buffer.indexOf('\n\n');
      }
    }
  } catch {
    // dropped or aborted: retried below unless nobody listens any more
  }
  if (controller === own) controller = null;
  setConnected(false);
  if (own.signal.aborted) return;
  // A stream the server ended on purpose (its lifetime) comes back at once; a failure waits longer each time.
  scheduleRetry(retryMs);
  retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
}

function disconnect() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  controller?.abort();
  controller = null;
  setConnected(false);
}

/** Listens to the live events while `enabled`; answers how to stop. */
export function listenLive(listener: Listener): () => void {
  listeners.add(listener);
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  void connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      if (!listeners.size) disconnect();
    }, IDLE_CLOSE_MS);
  };
}

/** Calls `onMessage` for each live event (and `ready` after each connection) while mounted and enabled. */
export function useLiveEvents(onMessage: Listener, enabled = true): void {
  const latest = useRef(onMessage);
  latest.current = onMessage;
  useEffect(() => {
    if (!enabled) return;
    return listenLive((message) => latest.current(message));
  }, [enabled]);
}

/** Whether the push connection is up (for a small "live" sign). */
export function useLiveConnected(onChange: (connected: boolean) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const listener = (value: boolean) => latest.current(value);
    stateListeners.add(listener);
    latest.current(connected);
    return () => {
      stateListeners.delete(listener);
    };
  }, []);
}
