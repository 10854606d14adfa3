import type { Readable } from 'node:stream';
import type { AedesPublishPacket, Client } from 'aedes';

/**
 * Fields of aedes 1 that its typings leave out and the embedded broker uses (embedded-broker.ts,
 * shared-subscriptions.ts): declared here once, so the code reads them typed instead of casting.
 * They are aedes internals: an upgrade of aedes must check them (the MQTT broker tests do).
 */
declare module 'aedes' {
  interface Aedes {
    /** The connected clients by client id. */
    clients: Record<string, Client | undefined>;
    /** The store of retained messages and sessions (the in-memory one unless another is given). */
    persistence: RetainedPersistence;
  }
  interface Client {
    /** mqtt-packet's parser of the client's connection. */
    _parser: PacketParser;
    /** The client's subscriptions by filter, each with the function that delivers to it. */
    subscriptions: Record<string, { func: Deliver } | undefined>;
  }
}

/** How aedes hands a message to one subscription. */
export type Deliver = (packet: AedesPublishPacket, done: () => void) => void;

export type PacketParser = { packet: { length: number }; _parseLength(): boolean; _emitError(error: Error): void };

export type RetainedPersistence = {
  storeRetained(packet: { topic: string; payload: Buffer }, done?: (error: Error | null) => void): unknown;
  createRetainedStreamCombi(patterns: string[]): Readable;
};
