import { randomInt } from 'node:crypto';
import { VirtualTerminal, type VirtualTerminalOptions } from './virtual-terminal';

export interface FleetOptions {
  /** How many terminals connect at the same time (thousands at once would stall a small broker). */
  connectConcurrency?: number;
  /** Every this many seconds one online locker plays a deposit or a pickup; 0 turns it off. */
  activitySeconds?: number;
  log?: (line: string) => void;
}

/** Many virtual terminals run together: started in waves, playing deposits and pickups, stopped together. */
export class Fleet {
  readonly terminals: VirtualTerminal[];
  private activityTimer: NodeJS.Timeout | undefined;
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
    return { failed };
  }

  /** A courier deposit in an empty compartment, or a customer pickup of a parcel put in earlier. */
  async playSomething(): Promise<void> {
    const online = this.terminals.filter((t) => t.online);
    if (online.length === 0) return;
    const terminal = online[randomInt(online.length)];
    const withParcel = [...terminal.parcels.keys()];
    const empty = Object.keys(terminal.doorStates())
      .map(Number)
      .filter((n) => !terminal.parcels.has(n));
    if (withParcel.length > 0 && (empty.length === 0 || randomInt(2) === 0)) {
      const compartmentNumber = withParcel[randomInt(withParcel.length)];
      const parcel = terminal.parcels.get(compartmentNumber)!;
      this.options.log?.(`${terminal.lockerUuid}: customer takes the parcel of compartment ${compartmentNumber}`);
      await terminal.takeParcel({ compartmentNumber, accessCode: parcel.accessCode });
    } else if (empty.length > 0) {
      const compartmentNumber = empty[randomInt(empty.length)];
      const accessCode = String(randomInt(100_000, 1_000_000));
      this.options.log?.(`${terminal.lockerUuid}: courier deposits a parcel in compartment ${compartmentNumber}`);
      await terminal.depositParcel({ compartmentNumber, accessCode, trackingCode: `SIM${randomInt(1e9)}BR` });
    }
  }

  /** A clean stop of every terminal (no last wills: the console sees them go silent). */
  async stop(): Promise<void> {
    if (this.activityTimer) clearInterval(this.activityTimer);
    await Promise.all(this.terminals.map((t) => t.stop().catch(() => {})));
  }
}
