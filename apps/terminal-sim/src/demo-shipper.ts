import { randomInt } from 'node:crypto';
import { callConsole, DemoLockersError } from './demo-lockers';

/**
 * The demo's shipper (`--orders-seconds`): every few minutes it sends a parcel to one of the demo
 * lockers the way a store's system does, POST /order {data} through the console's API, so the
 * demo always has a parcel waiting for its courier and, once deposited, for its customer. The order
 * belongs to a shipper company of the console, goes to one of its customers and books a compartment
 * of a size the locker has free; lockers are taken in turn.
 */

export interface DemoShipperOptions {
  /** Up to the prefix, e.g. http://localhost:8080/io/api/v1 */
  apiUrl: string;
  /** The console session it sends orders with (Bearer). */
  sessionToken: string;
  /** The demo lockers' codes: it sends parcels to these only. */
  codes: readonly string[];
  log: (line: string) => void;
}

type Page<T> = { rows: T[] };
type Customer = { id: string; name: string; cellphone: string | null; email: string | null };

export type ShippedOrder = { id: string; trackingCode: string; lockerCode: string; size: string; accessCode: string | null };

export class DemoShipper {
  private turn = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: DemoShipperOptions) {}

  private get<T>(route: string): Promise<T> {
    return callConsole<T>(this.options.apiUrl, this.options.sessionToken, 'GET', route);
  }

  /** A shipper company of the console with a customer to send to. */
  private async chooseShipper(): Promise<{ company: { id: string; name: string }; customer: Customer } | null> {
    const companies = await this.get<Page<{ id: string; name: string }>>('/company?filter[type]=shipper&orderBy=name_ASC&limit=20');
    for (const company of companies.rows) {
      const customers = await this.get<Page<Customer>>(`/customer?filter[company]=${encodeURIComponent(company.id)}&limit=50`);
      const customer = customers.rows[randomInt(Math.max(1, customers.rows.length))];
      if (customer) return { company, customer };
    }
    return null;
  }

  /** The next demo locker (in turn) with a compartment free, and a size it has free. */
  private async chooseLocker(): Promise<{ id: string; code: string; size: string } | null> {
    for (let tried = 0; tried < this.options.codes.length; tried++) {
      const code = this.options.codes[this.turn++ % this.options.codes.length] as string;
      const lockers = await this.get<Page<{ id: string; code: string; enable?: boolean }>>(
        `/ebox?filter[code]=${encodeURIComponent(code)}&limit=10`,
      );
      const locker = lockers.rows.find((row) => row.code === code);
      if (!locker) continue;
      const free = await this.get<Page<{ size: string }>>(
        `/compartiment?filter[ebox]=${encodeURIComponent(locker.id)}&filter[status]=AVAILABLE&limit=100`,
      );
      const sizes = [...new Set(free.rows.map((row) => row.size))];
      const size = sizes[randomInt(Math.max(1, sizes.length))];
      if (size) return { id: locker.id, code, size };
    }
    return null;
  }

  /** Sends one parcel; null when no shipper or no demo locker can take it now (said in the log). */
  async shipOne(): Promise<ShippedOrder | null> {
    const shipper = await this.chooseShipper();
    if (!shipper) {
      this.options.log('shipper: the console has no shipper company with a customer; no new order');
      return null;
    }
    const locker = await this.chooseLocker();
    if (!locker) {
      this.options.log('shipper: no demo locker has a compartment free; no new order this time');
      return null;
    }
    const { company, customer } = shipper;
    // Correios-like: two letters, nine digits, BR.
    const trackingCode = `SM${String(Date.now() % 1_000_000_000).padStart(9, '0')}BR`;
    const created = await callConsole<{ id: string; accessCode?: string | null }>(
      this.options.apiUrl,
      this.options.sessionToken,
      'POST',
      '/order',
      {
        data: {
          type: 'DELIVERY',
          trackingCode,
          referenceNumber: `LOJA-${Date.now().toString(36).toUpperCase()}`,
          company: company.id,
          shipper: company.id,
          ebox: locker.id,
          compartimentSize: locker.size,
          toCustomer: customer.id,
          customerName: customer.name,
          ...(customer.cellphone ? { customerPhone: customer.cellphone } : {}),
          ...(customer.email ? { customerEmail: customer.email } : {}),
        },
      },
    );
    this.options.log(
      `shipper ${company.name}: order ${trackingCode} for ${customer.name} at ${locker.code} (size ${locker.size}), waiting for its courier`,
    );
    return { id: created.id, trackingCode, lockerCode: locker.code, size: locker.size, accessCode: created.accessCode ?? null };
  }

  /** One parcel every `seconds`; a failed attempt is logged and the next one goes on, until the session ends. */
  start(seconds: number): void {
    const tick = async () => {
      try {
        await this.shipOne();
      } catch (error) {
        this.options.log(`shipper: ${(error as Error).message}`);
        // An ended session will not come back: stop rather than fail every few minutes.
        if (error instanceof DemoLockersError && / answered 401:/.test(error.message)) {
          this.options.log('shipper: its console session has ended; restart the console to send parcels again');
          return;
        }
      }
      if (!this.stopped) this.timer = setTimeout(tick, seconds * 1000);
    };
    this.timer = setTimeout(tick, seconds * 1000);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
