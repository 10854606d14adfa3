import type { OrderStatus, OrderType } from '@ebox/domain';

/**
 * The codes one inbound screen has read (issue 30): each row answered as soon as the API can, in the
 * order they were read. Codes wait in a queue; one POST /inbound/search at a time takes everything
 * that waits (up to a page of 1000), so a scanner typing ten codes a second never waits for an
 * answer and a paste of 500 codes is one call. Plain TypeScript, so its rules are tested without a
 * browser (apps/web/test/inbound-scan-session.test.ts); the screen subscribes to it.
 */

/** What the API answers of a code (docs/decisions.md "Inbound (issue 30)"). */
export type InboundSearchResult = 'found' | 'alreadyInbound' | 'notAllowed' | 'unknown';

export type InboundOrder = {
  id: string;
  trackingCode: string;
  type: OrderType;
  status: OrderStatus;
  company: string | null;
  eboxCode: string | null;
  compartimentSize: string | null;
  customerName: string | null;
};

export type InboundSearchRow = { trackingCode: string; result: InboundSearchResult; message: string; order: InboundOrder | null };

/** Looks the codes up (POST /inbound/search), answering each distinct one. */
export type SearchCodes = (codes: string[]) => Promise<InboundSearchRow[]>;

/** The screen's answer of a row: the API's, or its own (waiting, read twice, the look-up failed). */
export type ScanAnswer = InboundSearchResult | 'pending' | 'alreadyAdded' | 'failed';

export type ScanRow = {
  /** 1 for the first code read, in reading order: never reused, so a row keeps its number. */
  seq: number;
  code: string;
  answer: ScanAnswer;
  /** The API's words for its answer, in the reader's language. */
  message: string;
  order: InboundOrder | null;
};

/** Spec 9: an inbound search takes a page of 1000 codes. */
export const SEARCH_PAGE = 1000;

const REFUSED: ReadonlySet<ScanAnswer> = new Set(['alreadyInbound', 'notAllowed', 'unknown', 'alreadyAdded']);

export function isRefused(answer: ScanAnswer): boolean {
  return REFUSED.has(answer);
}

/** The codes of a read or a paste: one per line, or separated by commas, semicolons or spaces. */
export function splitCodes(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** The orders rows give an inbound: each found order (once: a second read of one is "already added"). */
export function orderIdsOf(rows: readonly ScanRow[]): string[] {
  return rows.flatMap((row) => (row.answer === 'found' && row.order ? [row.order.id] : []));
}

/** How codes compare: the API compares them without case, as a scanner and a paste may differ. */
const keyOf = (code: string) => code.trim().toLowerCase();

export type ScanSessionOptions = { pageSize?: number; onError?: (error: unknown) => void };

export class ScanSession {
  private rows: readonly ScanRow[] = [];
  private readonly waiting: number[] = [];
  private searching = false;
  private next = 1;
  private readonly listeners = new Set<() => void>();
  private readonly pageSize: number;
  private readonly onError?: (error: unknown) => void;

  constructor(
    private readonly search: SearchCodes,
    options: ScanSessionOptions = {},
  ) {
    this.pageSize = options.pageSize ?? SEARCH_PAGE;
    this.onError = options.onError;
  }

  /** The rows in reading order; a new array after every change (useSyncExternalStore's snapshot). */
  readonly getRows = (): readonly ScanRow[] => this.rows;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The orders the inbound takes: each found order once. */
  orderIds(): string[] {
    return orderIdsOf(this.rows);
  }

  /**
   * Codes read or pasted, answered in place: a code already in the list is "already added" at once
   * (it counts once), any other waits for the next look-up.
   */
  add(codes: readonly string[]): void {
    const held = new Set(this.rows.filter((row) => row.answer !== 'alreadyAdded').map((row) => keyOf(row.code)));
    const added: ScanRow[] = [];
    for (const typed of codes) {
      const code = typed.trim();
      if (!code) continue;
      const key = keyOf(code);
      const seq = this.next++;
      if (held.has(key)) {
        added.push({ seq, code, answer: 'alreadyAdded', message: '', order: null });
        continue;
      }
      held.add(key);
      added.push({ seq, code, answer: 'pending', message: '', order: null });
      this.waiting.push(seq);
    }
    if (!added.length) return;
    this.commit([...this.rows, ...added]);
    this.lookUp();
  }

  remove(seq: number): void {
    this.commit(this.rows.filter((row) => row.seq !== seq));
  }

  clear(): void {
    this.waiting.length = 0;
    this.commit([]);
  }

  /** Looks the failed rows up again. */
  retryFailed(): void {
    this.requeue((row) => row.answer === 'failed');
  }

  /** Asks again about every found order (a save refused some: their rows then say why). */
  recheckFound(): void {
    this.requeue((row) => row.answer === 'found');
  }

  private requeue(which: (row: ScanRow) => boolean): void {
    const again = this.rows.filter(which).map((row) => row.seq);
    if (!again.length) return;
    const seqs = new Set(again);
    this.waiting.push(...again);
    this.commit(this.rows.map((row) => (seqs.has(row.seq) ? { ...row, answer: 'pending', message: '', order: null } : row)));
    this.lookUp();
  }

  /** One search at a time, of everything waiting (a page at most); what arrives meanwhile goes in the next. */
  private lookUp(): void {
    if (this.searching) return;
    const live = new Set(this.rows.map((row) => row.seq));
    const batch = this.waiting.splice(0, this.pageSize).filter((seq) => live.has(seq));
    if (!batch.length) {
      if (this.waiting.length) this.lookUp();
      return;
    }
    const inBatch = new Set(batch);
    const codes = new Map(this.rows.filter((row) => inBatch.has(row.seq)).map((row) => [row.seq, row.code]));
    this.searching = true;
    this.search([...codes.values()])
      .then(
        (answers) => this.answer(codes, answers),
        (error: unknown) => {
          this.commit(this.rows.map((row) => (codes.has(row.seq) && row.answer === 'pending' ? { ...row, answer: 'failed' } : row)));
          this.onError?.(error);
        },
      )
      .finally(() => {
        this.searching = false;
        this.lookUp();
      });
  }

  private answer(asked: Map<number, string>, answers: readonly InboundSearchRow[]): void {
    const byKey = new Map(answers.map((answer) => [keyOf(answer.trackingCode), answer]));
    const taken = new Set(this.orderIds());
    this.commit(
      this.rows.map((row) => {
        if (!asked.has(row.seq) || row.answer !== 'pending') return row;
        const found = byKey.get(keyOf(row.code));
        if (!found) return { ...row, answer: 'failed' };
        // Two codes of one order (it cannot happen by case, the key ignores it): the order counts once.
        if (found.result === 'found' && found.order && taken.has(found.order.id))
          return { ...row, answer: 'alreadyAdded', message: '', order: found.order };
        if (found.result === 'found' && found.order) taken.add(found.order.id);
        return { ...row, answer: found.result, message: found.message, order: found.order };
      }),
    );
  }

  private commit(rows: readonly ScanRow[]): void {
    this.rows = rows;
    for (const listener of this.listeners) listener();
  }
}
