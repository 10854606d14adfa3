import { describe, expect, it, vi } from 'vitest';
import { type InboundSearchRow, ScanSession, splitCodes } from '../src/features/inbound/scan-session';

/** A search the test answers by hand: each call waits until `release` settles it. */
function manualSearch(known: Record<string, InboundSearchRow['result']>) {
  const calls: { codes: string[]; release: () => void; fail: () => void }[] = [];
  const search = (codes: string[]) =>
    new Promise<InboundSearchRow[]>((resolve, reject) => {
      calls.push({
        codes,
        release: () =>
          resolve(
            codes.map((code) => {
              const result = known[code.toUpperCase()] ?? 'unknown';
              const order =
                result === 'unknown'
                  ? null
                  : {
                      id: `id-${code.toUpperCase()}`,
                      trackingCode: code.toUpperCase(),
                      type: 'DELIVERY' as const,
                      status: 'CREATED' as const,
                      company: null,
                      eboxCode: null,
                      compartimentSize: null,
                      customerName: null,
                    };
              return { trackingCode: code, result, message: result, order };
            }),
          ),
        fail: () => reject(new Error('down')),
      });
    });
  return { calls, search };
}

describe('the inbound scan session (issue 30)', () => {
  it('splits a paste on lines, commas, semicolons and spaces', () => {
    expect(splitCodes('AB1\nAB2, AB3;AB4  AB5\r\n\tAB6,,')).toEqual(['AB1', 'AB2', 'AB3', 'AB4', 'AB5', 'AB6']);
  });

  it('queues what is read during a look-up and sends it all in the next one, in reading order', async () => {
    const { calls, search } = manualSearch({ A1: 'found', A2: 'found', A3: 'notAllowed', A4: 'found' });
    const session = new ScanSession(search);
    session.add(['A1']);
    session.add(['A2']);
    session.add(['A3']);
    session.add(['a1']);
    session.add(['A4']);
    expect(calls.map((call) => call.codes)).toEqual([['A1']]);
    expect(session.getRows().map((row) => row.answer)).toEqual(['pending', 'pending', 'pending', 'alreadyAdded', 'pending']);
    calls[0]?.release();
    await vi.waitFor(() => expect(calls.map((call) => call.codes)).toEqual([['A1'], ['A2', 'A3', 'A4']]));
    calls[1]?.release();
    await vi.waitFor(() => expect(session.getRows().every((row) => row.answer !== 'pending')).toBe(true));
    const rows = session.getRows();
    expect(rows.map((row) => [row.seq, row.code, row.answer])).toEqual([
      [1, 'A1', 'found'],
      [2, 'A2', 'found'],
      [3, 'A3', 'notAllowed'],
      [4, 'a1', 'alreadyAdded'],
      [5, 'A4', 'found'],
    ]);
    expect(session.orderIds()).toEqual(['id-A1', 'id-A2', 'id-A4']);
  });

  it('sends a page at most per look-up', async () => {
    const { calls, search } = manualSearch({});
    const session = new ScanSession(search, { pageSize: 2 });
    session.add(['B1', 'B2', 'B3', 'B4', 'B5']);
    expect(calls.map((call) => call.codes)).toEqual([['B1', 'B2']]);
    calls[0]?.release();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    calls[1]?.release();
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((call) => call.codes)).toEqual([['B1', 'B2'], ['B3', 'B4'], ['B5']]);
  });

  it('keeps the codes of a failed look-up, to be looked up again; a removed row is not asked about', async () => {
    const errors: unknown[] = [];
    const { calls, search } = manualSearch({ C1: 'found' });
    const session = new ScanSession(search, { onError: (error) => errors.push(error) });
    session.add(['C1', 'C2']);
    calls[0]?.fail();
    await vi.waitFor(() => expect(session.getRows().map((row) => row.answer)).toEqual(['failed', 'failed']));
    expect(errors).toHaveLength(1);
    session.remove(2);
    session.retryFailed();
    expect(calls[1]?.codes).toEqual(['C1']);
    calls[1]?.release();
    await vi.waitFor(() => expect(session.getRows().map((row) => [row.code, row.answer])).toEqual([['C1', 'found']]));
    // Removed, a code can be read again.
    session.remove(1);
    session.add(['C1']);
    expect(session.getRows().map((row) => row.answer)).toEqual(['pending']);
  });

  it('asks again about the found orders after a refused save', async () => {
    const known: Record<string, InboundSearchRow['result']> = { D1: 'found', D2: 'found' };
    const { calls, search } = manualSearch(known);
    const session = new ScanSession(search);
    session.add(['D1', 'D2']);
    calls[0]?.release();
    await vi.waitFor(() => expect(session.getRows().map((row) => row.answer)).toEqual(['found', 'found']));
    known.D2 = 'alreadyInbound';
    session.recheckFound();
    expect(calls[1]?.codes).toEqual(['D1', 'D2']);
    calls[1]?.release();
    await vi.waitFor(() => expect(session.getRows().map((row) => row.answer)).toEqual(['found', 'alreadyInbound']));
    expect(session.orderIds()).toEqual(['id-D1']);
  });
});
