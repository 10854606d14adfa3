import { type Language, translatorFor, WEBHOOK_DISABLE_AFTER_SECONDS } from '@ebox/domain';
import type { TxContext } from '../../platform/context';
import { escapeHtml, type MailMessage } from '../../platform/mail';
import { sendMessage } from '../../platform/messages';
import { findWebhookEditors } from './repository';

/** The mail telling a company's webhook editors that the console switched a webhook off, and what to do. */
export function composeWebhookDisabledMail(
  language: Language,
  mail: { to: string; company: string; url: string; why: 'gone' | 'failing'; link: string },
): MailMessage {
  const t = translatorFor(language);
  const reason = t(`mail.webhookDisabled.reasons.${mail.why}`, { days: WEBHOOK_DISABLE_AFTER_SECONDS / 86_400 });
  const values = { company: mail.company, url: mail.url, reason };
  const subject = t('mail.webhookDisabled.subject', values);
  const body = t('mail.webhookDisabled.body', values);
  const text = [t('mail.greeting'), '', body, '', mail.link].join('\n');
  const html = `<!doctype html>
<html lang="${language}">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f1f1f; line-height: 1.5">
    <p>${escapeHtml(t('mail.greeting'))}</p>
    <p>${escapeHtml(body)}</p>
    <p><a href="${escapeHtml(mail.link)}">${escapeHtml(t('mail.webhookDisabled.action'))}</a></p>
  </body>
</html>`;
  return { to: mail.to, subject, text, html };
}

/**
 * Tells everyone who may edit the company's webhooks (its users holding webhookEdit, and the
 * console's owners) that one was switched off, in the transaction that switched it off.
 */
export async function mailWebhookDisabled(
  ctx: TxContext,
  webhook: { id: string; url: string; companyId: string },
  why: 'gone' | 'failing',
): Promise<void> {
  const editors = await findWebhookEditors(ctx.tx, webhook.companyId);
  const link = `${ctx.deps.config.appUrl}/webhook/${webhook.id}`;
  for (const editor of editors.users) {
    const mail = composeWebhookDisabledMail('pt-BR', { to: editor, company: editors.companyName, url: webhook.url, why, link });
    await sendMessage(ctx, { channel: 'email', ...mail });
  }
}
