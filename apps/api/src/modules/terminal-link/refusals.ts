import { auditByOf, companiesOfOwner, writeAudit } from '../../platform/audit';
import { inTransaction, principalOf } from '../../platform/context';
import type { FloodEnd, FloodStart } from './flood-guard';
import { linkContext, lockerKeyOf, type RefusalReason, type TerminalLinkState } from './link-state';
import { findLocker } from './repository';

/**
 * Messages the link does not handle: refused ones (counted by reason, one warning per locker and
 * reason a minute, then a summary) and the ones of a terminal over its rate (dropped unread, its
 * locker flagged once per flood).
 */

export function refuse(state: TerminalLinkState, reason: RefusalReason, topic: string, detail: string): void {
  state.refused[reason] += 1;
  if (state.refusalLog.admit(`${lockerKeyOf(topic)} ${reason}`)) state.log.warn({ topic, reason, detail }, 'terminal message refused');
}

/** One line per locker and reason for the refusals held back in the interval that ended. */
export function summarizeRefusals(state: TerminalLinkState): void {
  state.refusalLog.sweep((key, held, since) => {
    const [terminalId, reason] = key.split(' ');
    state.log.warn(
      { terminalId, reason, count: held, since: since.toISOString() },
      'terminal messages refused (more of the same, not logged each)',
    );
  });
}

/** Takes a token for the message's terminal; counts a message dropped for its rate. */
export function admit(state: TerminalLinkState, topic: string): boolean {
  if (state.floodGuard.admit(lockerKeyOf(topic))) return true;
  state.refused.rateLimited += 1;
  return false;
}

/** The terminal's flag, once per flood: a warning and an audit row on its locker, by the link. */
export async function flagFlood(state: TerminalLinkState, start: FloodStart): Promise<void> {
  const { log, rate } = state;
  log.warn(
    { terminalId: start.key, ratePerSecond: rate.perSecond, burst: rate.burst },
    'terminal over its message rate: its messages are dropped until it slows down',
  );
  try {
    // A slot like any of the link's transactions: many terminals flooding at once wait their turn.
    await state.withTransactionSlot(() =>
      inTransaction(linkContext(state), async (tx) => {
        const locker = await findLocker(tx.tx, start.key);
        if (!locker) return;
        const record = { name: locker.name, company: locker.company, terminalId: locker.terminalId };
        await writeAudit(tx.tx, {
          entityName: 'ebox',
          entityId: locker.id,
          action: 'rate_limited',
          after: { ...record, ratePerSecond: rate.perSecond, burst: rate.burst, since: start.at.toISOString() },
          by: auditByOf(principalOf(tx.actor)),
          companyIds: companiesOfOwner(locker.company),
        });
      }),
    );
  } catch (error) {
    if (!state.stopped) log.error({ err: error, terminalId: start.key }, 'terminal link: could not flag a flooding terminal');
  }
}

export function reportFloodEnd(state: TerminalLinkState, end: FloodEnd): void {
  state.log.warn(
    { terminalId: end.key, dropped: end.dropped, startedAt: end.startedAt.toISOString(), endedAt: end.endedAt.toISOString() },
    'terminal back under its message rate',
  );
}
