import type { Language } from '@ebox/domain';
import { describe, test } from 'vitest';
import { newPage, owner, screenshot, see, seeNo, setUpBrowser, text } from './support/browser';

/**
 * Issue 7: the forgot-password page says where the link goes. The browser tests' console sends mail
 * through SMTP and has no SMS provider, so choosing SMS tells the user the message waits in the
 * outbox, and choosing email does not.
 */

const browser = setUpBrowser();

describe('issue 7: honest password reset methods', () => {
  for (const language of ['pt-BR', 'en'] as const satisfies Language[]) {
    test(`the forgot-password page tells that SMS waits in the outbox without an SMS provider (${language})`, async () => {
      const t = (key: string) => text(language, key);
      const { page } = await newPage(browser(), { language });
      await page.goto('/auth/forgot-password');
      await page.getByLabel(t('auth.fields.email')).fill(owner().email);
      await page.getByRole('button', { name: t('auth.forgotPassword.next') }).click();

      await page.getByTestId('reset-method-sms').click();
      const notice = page.getByTestId('reset-outbox-notice');
      await see(notice.getByText(t('auth.forgotPassword.outboxNotice.sms')));
      await screenshot(page, `issue-7/forgot-password-sms-outbox-${language}`);

      await page.getByTestId('reset-method-email').click();
      await seeNo(notice);
    });
  }
});
