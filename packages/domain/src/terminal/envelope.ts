import { z } from 'zod';

/**
 * Who defined a part of the terminal contract. 'open-locker' parts follow Open-Locker's device
 * contract (version OPEN_LOCKER_CONTRACT_VERSION) name for name, so its device software works
 * unchanged; 'ebox' parts are our extensions, carried in the same envelope and topics.
 */
export const CONTRACT_ORIGINS = ['open-locker', 'ebox'] as const;
export type ContractOrigin = (typeof CONTRACT_ORIGINS)[number];

/** The Open-Locker contract version this one is a superset of (docs/asyncapi/mqtt.yaml, commit 630dc8d). */
export const OPEN_LOCKER_CONTRACT_VERSION = '0.1.0-alpha';
/** Our contract's own version, bumped when an ebox extension changes shape. */
export const TERMINAL_CONTRACT_VERSION = '1.1.0';

/** Metadata every contract schema carries; the AsyncAPI generator copies it as x-origin. */
export function describeOrigin(origin: ContractOrigin, title: string, description?: string) {
  return { 'x-origin': origin, title, ...(description ? { description } : {}) };
}

/** Reads the origin a schema was declared with (undefined for the shared building blocks). */
export function readOrigin(schema: z.ZodType): ContractOrigin | undefined {
  return schema.meta()?.['x-origin'] as ContractOrigin | undefined;
}

/** Transport id: a receiver drops a message whose id it has already seen (QoS 1 may deliver twice). */
export const messageIdSchema = z.string().min(1, 'message_id must be a non-empty string');

/** ISO 8601 with a zone, set by the sender; Open-Locker sends UTC ("...Z"). */
export const timestampSchema = z.iso.datetime({ offset: true, error: 'timestamp must be an ISO 8601 date-time with a zone' });

/** Ties a response to its command; a command repeated with the same id is not executed twice. */
export const transactionIdSchema = z.string().min(1, 'transaction_id must be a non-empty string');

/**
 * The fields every message carries. Extra properties are allowed everywhere (Open-Locker's
 * additionalProperties: true), so a newer device or console never breaks an older peer.
 */
export const envelopeShape = {
  message_id: messageIdSchema,
  timestamp: timestampSchema,
};

/** A whole number ≥ 1 naming a compartment the way the locker's face numbers it. */
export const compartmentNumberSchema = z.int().min(1, 'compartment_number must be an integer ≥ 1');

/** Makes a fresh envelope for a message we send; ids are random so two replicas never collide. */
export function createEnvelope(now: Date = new Date()): { message_id: string; timestamp: string } {
  return { message_id: globalThis.crypto.randomUUID(), timestamp: now.toISOString() };
}
