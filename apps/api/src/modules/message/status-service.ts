import type { TxContext } from '../../platform/context';
import type { WhatsAppStatus } from '../../platform/message-providers/whatsapp-cloud';
import { applyReport, type ProviderReport } from './outcome-service';
import { findMessageByProviderId, insertPendingReport, lockProviderMessage } from './repository';

/**
 * What a provider reports about a message it took (WhatsApp: sent, delivered, read, failed). Reports
 * come late, twice, out of order, or before our own record of the provider's id (Meta may report
 * "sent" before its answer to the send reaches us): a message only moves forward (a read one is not
 * "delivered" by a late report, a delivered one does not fail), and a report of an id not known yet
 * is kept and applied when the send records it.
 */

/**
 * Applies a provider's report to the messaging channel's message, in the caller's transaction with
 * the message's id locked (lockProviderMessage, as the send's record of it is); answers whether it
 * moved the message now. The caller took the lock to tell first whether the id is a bot's reply:
 * in two transactions, a send recording the id between them would miss the report kept here.
 */
export async function recordWhatsAppStatus(tx: TxContext, report: WhatsAppStatus): Promise<boolean> {
  await lockProviderMessage(tx.tx, 'whatsapp', report.providerMessageId);
  const row = await findMessageByProviderId(tx.tx, 'whatsapp', report.providerMessageId);
  const fields: ProviderReport = {
    status: report.status,
    errorCode: report.errorCode === undefined ? null : String(report.errorCode),
    error:
      report.status === 'failed'
        ? `WhatsApp: ${[report.errorTitle, report.errorDetails].filter(Boolean).join(': ') || 'the message was not delivered'}`
        : null,
  };
  if (!row) {
    await insertPendingReport(tx.tx, {
      provider: 'whatsapp',
      providerMessageId: report.providerMessageId,
      reportedAt: report.at.toISOString(),
      ...fields,
    });
    return false;
  }
  return (await applyReport(tx, row, fields)) !== row;
}
