import { type Language, translatorFor } from '@ebox/domain';
import { escapeHtml, type MailMessage } from '../../platform/mail';
import type { SmsMessage } from '../../platform/sms';

/**
 * The mail and SMS of auth and IAM, in the language of the request that caused them: plain text
 * for every client and a simple HTML version with a button.
 */

type LinkMail = { kind: 'emailVerification' | 'passwordReset' | 'invitation'; to: string; link: string; hours: number; inviter?: string };

function composeLinkMail(language: Language, mail: LinkMail): MailMessage {
  const t = translatorFor(language);
  const values = { appName: t('mail.appName'), email: mail.to, hours: mail.hours, inviter: mail.inviter ?? '' };
  const subject = t(`mail.${mail.kind}.subject`, values);
  const body = t(`mail.${mail.kind}.body`, values);
  const action = t(`mail.${mail.kind}.action`);
  const text = [t('mail.greeting'), '', body, '', mail.link, '', t('mail.ignore')].join('\n');
  const link = escapeHtml(mail.link);
  const html = `<!doctype html>
<html lang="${language}">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f1f1f; line-height: 1.5">
    <p>${escapeHtml(t('mail.greeting'))}</p>
    <p>${escapeHtml(body)}</p>
    <p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #1677ff; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(action)}</a></p>
    <p style="font-size: 13px; color: #595959">${escapeHtml(t('mail.linkFallback'))}<br><a href="${link}">${link}</a></p>
    <p style="font-size: 13px; color: #595959">${escapeHtml(t('mail.ignore'))}</p>
  </body>
</html>`;
  return { to: mail.to, subject, text, html, link: mail.link };
}

export function composeVerificationMail(language: Language, to: string, link: string, hours: number): MailMessage {
  return composeLinkMail(language, { kind: 'emailVerification', to, link, hours });
}

export function composePasswordResetMail(language: Language, to: string, link: string, hours: number): MailMessage {
  return composeLinkMail(language, { kind: 'passwordReset', to, link, hours });
}

export function composeInvitationMail(language: Language, to: string, link: string, hours: number, inviter: string): MailMessage {
  return composeLinkMail(language, { kind: 'invitation', to, link, hours, inviter });
}

export function composePasswordResetSms(language: Language, to: string, link: string, hours: number): SmsMessage {
  const t = translatorFor(language);
  return { to, text: t('mail.sms.passwordReset', { appName: t('mail.appName'), link, hours }), link };
}
