import { OFFLINE_AFTER_MISSED_HEARTBEATS } from '@ebox/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/app-deps';
import { type Actor, type ServiceContext, systemContext } from '../../platform/context';
import { limitConcurrency } from '../../platform/limit-concurrency';
import { createFloodGuard, createLogThrottle, type FloodEnd, type FloodGuard, type FloodStart, type LogThrottle } from './flood-guard';
import type { LockerRow } from './repository';

/**
 * What the terminal link's functions share (heartbeats waiting to be written, refusals counted,
 * each terminal's bucket, each locker's queue), held in one object they are handed instead of
 * closed over, so each step of the link is a function of its own (service.ts wires them).
 */

/**
 * `orderRefused`: a parcel event no live order accepted (kept in the order's or compartment's history).
 * `operatorRefused`: a person's action at the screen without a live session or the right it needs.
 */
export type RefusalReason = 'malformed' | 'unknownLocker' | 'unknownCompartment' | 'orderRefused' | 'operatorRefused' | 'failed';

export type RefusalCounts = Record<RefusalReason | 'rateLimited', number>;

export type TerminalLink = {
  /**
   * Refused messages since start, by reason (logged at warn, throttled per locker and reason), and
   * `rateLimited`: messages dropped unread because their terminal was over its rate.
   */
  readonly refused: RefusalCounts;
  /** Messages taken from the broker and not handled yet (0: the link is idle). */
  pending(): number;
  /** Writes the heartbeats held in memory now (the timer does it every second). */
  flushHeartbeats(): Promise<void>;
  /** Marks offline the lockers silent for too long now (the timer does it every few seconds). */
  checkSilentLockers(now?: Date): Promise<void>;
  stop(): Promise<void>;
};

export const FLUSH_EVERY_MS = 1_000;
/** A flood ends when its terminal has sent nothing over its rate for this long. */
const FLOOD_QUIET_MS = 5_000;
/** At most one warning line per locker and reason of refusal in this interval (then a summary). */
const REFUSAL_LOG_INTERVAL_MS = 60_000;
/** The link's transactions at once: under the pool's 10 connections, leaving room for requests and jobs. */
const LINK_TRANSACTIONS = 4;

export type TerminalLinkState = {
  readonly deps: AppDeps;
  readonly log: FastifyBaseLogger;
  readonly rate: { perSecond: number; burst: number };
  /** A locker is offline after this long without a heartbeat. */
  readonly silentAfterMs: number;
  readonly refused: RefusalCounts;
  readonly floodGuard: FloodGuard;
  readonly refusalLog: LogThrottle;
  /**
   * At most LINK_TRANSACTIONS of the link's transactions at once; the other messages wait here, in
   * arrival order. Thousands of lockers connecting together (each with its snapshot and versions)
   * would otherwise queue thousands of transactions on the connection pool, where the operators'
   * requests wait behind them and the pool's 10 s wait for a connection runs out.
   */
  readonly withTransactionSlot: <T>(task: () => Promise<T>) => Promise<T>;
  /** Per locker, the tail of its messages being handled: one locker's messages are handled in arrival order. */
  readonly queues: Map<string, Promise<void>>;
  /** Messages admitted and not yet handled (queued per locker or being handled). */
  inFlight: number;
  /** The latest heartbeat per terminal UUID not yet written. */
  pendingBeats: Map<string, Date>;
  /** The heartbeat batch being written: one flush at a time. */
  flushing: Promise<void>;
  lastPurge: number;
  stopped: boolean;
};

/** The link's state at start; `floods` is told when a terminal goes over its rate and when it slows down. */
export function createLinkState(
  deps: AppDeps,
  floods: { onFloodStart(start: FloodStart): void; onFloodEnd(end: FloodEnd): void },
): TerminalLinkState {
  const rate = deps.config.mqtt.terminalRate;
  return {
    deps,
    log: deps.log.child({ module: 'terminal-link' }),
    rate: { perSecond: rate.perSecond, burst: rate.burst },
    silentAfterMs: deps.config.mqtt.heartbeatIntervalSeconds * OFFLINE_AFTER_MISSED_HEARTBEATS * 1000,
    refused: { malformed: 0, unknownLocker: 0, unknownCompartment: 0, orderRefused: 0, operatorRefused: 0, failed: 0, rateLimited: 0 },
    floodGuard: createFloodGuard({ perSecond: rate.perSecond, burst: rate.burst, quietMs: FLOOD_QUIET_MS, ...floods }),
    refusalLog: createLogThrottle(REFUSAL_LOG_INTERVAL_MS),
    withTransactionSlot: limitConcurrency(LINK_TRANSACTIONS),
    queues: new Map(),
    inFlight: 0,
    pendingBeats: new Map(),
    flushing: Promise.resolve(),
    lastPurge: 0,
    stopped: false,
  };
}

/** The context of the link's own work (a silence, a heartbeat batch): the system actor terminalLink. */
export function linkContext(state: TerminalLinkState): ServiceContext {
  return systemContext(state.deps, 'terminalLink', { log: state.log });
}

/** The terminal a topic is about (`locker/{uuid}/...`), as its bucket and log key: UUIDs match whatever their case. */
export function lockerKeyOf(topic: string): string {
  return (topic.split('/')[1] ?? '').toLowerCase();
}

export function terminalActor(locker: LockerRow): Actor {
  return { kind: 'terminal', eboxId: locker.id, terminalId: locker.terminalId, companyId: locker.company };
}
