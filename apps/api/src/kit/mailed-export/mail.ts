import { type Language, translatorFor } from '@ebox/domain';
import { escapeHtml, type MailMessage } from '../../platform/mail';

/**
 * The mail with an export's download link, in the language of the request that asked for it; its
 * words are the entity's (`mail.<entity>Export.subject|body|action`), filled with `values`.
 */
export function composeExportMail(
  language: Language,
  mail: { entity: string; to: string; link: string; hours: number; values?: Record<string, string> },
): MailMessage {
  const t = translatorFor(language);
  const values = { appName: t('mail.appName'), hours: mail.hours, ...mail.values };
  const words = `mail.${mail.entity}Export`;
  const subject = t(`${words}.subject`, values);
  const body = t(`${words}.body`, values);
  const action = t(`${words}.action`);
  const text = [t('mail.greeting'), '', body, '', mail.link].join('\n');
  const link = escapeHtml(mail.link);
  const html = `<!doctype html>
<html lang="${language}">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f1f1f; line-height: 1.5">
    <p>${escapeHtml(t('mail.greeting'))}</p>
    <p>${escapeHtml(body)}</p>
    <p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #1677ff; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(action)}</a></p>
    <p style="font-size: 13px; color: #595959">${escapeHtml(t('mail.linkFallback'))}<br><a href="${link}">${link}</a></p>
  </body>
</html>`;
  return { to: mail.to, subject, text, html, link: mail.link };
}
