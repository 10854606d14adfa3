import { randomInt } from 'node:crypto';
import type { AccessCodeEntry } from '@ebox/domain';
import { VirtualTerminal, type VirtualTerminalOptions } from './virtual-terminal';

export interface FleetOptions {
  /** How many terminals connect at the same time (thousands at once would stall a small broker). */
  connectConcurrency?: number;
  /** Every this many seconds one locker plays a deposit or a pickup with a code it holds; 0 turns it off. */
  activitySeconds?: number;
  /**
   * Every `everySeconds` one locker after the other loses its network for `forSeconds` (no
   * DISCONNECT: the broker publishes its last will), plays on offline and replays what happened
   * when it is back; the first outage comes after `firstAfterSeconds`. Absent: never.
   */
  outages?: { everySeconds: number; forSeconds: number; firstAfterSeconds: number };
  log?: (line: string) => void;
}

/** Many virtual terminals run together: started in waves, playing their orders' deposits and pickups, stopped together. */
export class Fleet {
  readonly terminals: VirtualTerminal[];
  private activityTimer: NodeJS.Timeout | undefined;
  private readonly outageTimers = new Set<NodeJS.Timeout>();
  private outageTurn = 0;
  private readonly options: FleetOptions;

  constructor(terminals: VirtualTerminalOptions[], options: FleetOptions = {}) {
    this.terminals = terminals.map((t) => new VirtualTerminal(t));
    this.options = options;
  }

  /** Starts every terminal; resolves with those that could not connect (and why). */
  async start(): Promise<{ failed: { lockerUuid: string; reason: string }[] }> {
    const failed: { lockerUuid: string; reason: string }[] = [];
    const queue = [...this.terminals];
    const worker = async () => {
      for (let terminal = queue.shift(); terminal; terminal = queue.shift()) {
        try {
          await terminal.start();
        } catch (error) {
          failed.push({ lockerUuid: terminal.lockerUuid, reason: (error as Error).message });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.options.connectConcurrency ?? 100) }, worker));
    if (this.options.activitySeconds) {
      this.activityTimer = setInterval(() => {
        this.playSomething().catch((error: Error) => this.options.log?.(`activity failed: ${error.message}`));
      }, this.options.activitySeconds * 1000);
    }
    if (this.options.outages) this.scheduleOutage(this.options.outages, this.options.outages.firstAfterSeconds);
    return { failed };
  }

  /** The next outage in `inSeconds`, and the one after it once that one started. */
  private scheduleOutage(outages: NonNullable<FleetOptions['outages']>, inSeconds: number): void {
    const timer = setTimeout(() => {
      this.outageTimers.delete(timer);
      this.scheduleOutage(outages, outages.everySeconds);
      const terminal = this.terminals[this.outageTurn++ % this.terminals.length];
      if (!terminal?.started || !terminal.online) return;
      this.options.log?.(`${terminal.lockerUuid}: loses its network for ${outages.forSeconds} s (the console sees it offline)`);
      terminal.goOffline().catch((error: Error) => this.options.log?.(`outage failed: ${error.message}`));
      const back = setTimeout(() => {
        this.outageTimers.delete(back);
        if (!terminal.started) return;
        terminal.goOnline().then(
          () => this.options.log?.(`${terminal.lockerUuid}: back online, replaying what happened meanwhile`),
          (error: Error) => this.options.log?.(`${terminal.lockerUuid} could not come back: ${error.message}`),
        );
      }, outages.forSeconds * 1000);
      this.outageTimers.add(back);
    }, inSeconds * 1000);
    this.outageTimers.add(timer);
  }

  /**
   * One real path at one locker, online or not (an offline locker serves the codes it holds and
   * reports later): a deposit with a code that allows one, or a pickup with a code that allows one,
   * each with the code the console sent for that order. Nothing when no locker holds such a code.
   */
  async playSomething(): Promise<void> {
    // A courier whose run has work at a locker comes first: a run has a window, a customer does not.
    const visit = this.terminals
      .filter((terminal) => terminal.started)
      .flatMap((terminal) =>
        terminal
          .courierRuns()
          .filter(
            (run) =>
              !terminal.visitedRun(run.run_code) &&
              run.deposits.length + run.collections.length > 0 &&
              Date.parse(run.valid_from) <= Date.now() &&
              Date.now() <= Date.parse(run.valid_until),
          )
          .map((run) => ({ terminal, run })),
      )[0];
    if (visit) {
      this.options.log?.(`${visit.terminal.lockerUuid}: a courier works run ${visit.run.packing_id}`);
      await visit.terminal.playCourierRun(visit.run.run_code);
      return;
    }
    const playable = this.terminals
      .map((terminal) => ({ terminal, codes: terminal.accessCodes().filter((entry) => this.canOpen(terminal, entry)) }))
      .filter(({ codes }) => codes.length > 0);
    if (playable.length === 0) return;
    const { terminal, codes } = playable[randomInt(playable.length)];
    const entry = codes[randomInt(codes.length)];
    const where = entry.compartment_number ?? this.freeCompartment(terminal);
    if (where === undefined) return;
    const input = { compartmentNumber: where, accessCode: entry.access_code };
    if (entry.allows === 'deposit') {
      this.options.log?.(`${terminal.lockerUuid}: parcel of order ${entry.order_id} deposited in compartment ${where}`);
      await terminal.depositParcel(input);
    } else {
      this.options.log?.(`${terminal.lockerUuid}: parcel of order ${entry.order_id} taken from compartment ${where}`);
      await terminal.takeParcel(input);
    }
  }

  /** A code can be played at a started locker, in its booked compartment or (not booked ahead) a free one. */
  private canOpen(terminal: VirtualTerminal, entry: AccessCodeEntry): boolean {
    if (!terminal.started) return false;
    return entry.compartment_number !== undefined || this.freeCompartment(terminal) !== undefined;
  }

  /** A compartment no held code names and no parcel fills, for an order not booked ahead. */
  private freeCompartment(terminal: VirtualTerminal): number | undefined {
    return terminal.freeCompartmentNumber();
  }

  /** A clean stop of every terminal (no last wills: the console sees them go silent). */
  async stop(): Promise<void> {
    if (this.activityTimer) clearInterval(this.activityTimer);
    for (const timer of this.outageTimers) clearTimeout(timer);
    this.outageTimers.clear();
    await Promise.all(this.terminals.map((t) => t.stop().catch(() => {})));
  }
}
