import { type Dictionary, dictionaryOf, type Language } from '@ebox/domain';
import { messageScreenAreas as enScreens } from '@ebox/domain/i18n/en/message-screens';
import { messageScreenAreas as ptScreens } from '@ebox/domain/i18n/pt-BR/message-screens';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import {
  animationsSettled,
  screenshot,
  see,
  seeNo,
  setUpBrowser,
  setUpOwnerPage,
  text,
  uniqueSuffix,
  waitForMail,
} from './support/browser';
import { openDialog, seeToast, settleDialogs, visibleRawKeys } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 27, item 3 on screen: an order whose company has an e-mail template for its creation shows
 * the message the SMTP server received in the order's communications card, followed live, and opens
 * it with its rendered text; "Send notification" adds a second one after a confirmation; a resend of
 * the e-mail within a minute is refused in the user's words. The message log (/order-message) lists
 * them and links each to its order. axe finds nothing serious on either screen, in both languages.
 */

const browser = setUpBrowser();

/** The message screens' words load with their screens (features/message/messages.ts), not with the console's dictionary. */
const SCREEN_WORDS: Record<Language, Dictionary> = { 'pt-BR': dictionaryOf(ptScreens), en: dictionaryOf(enScreens) };

/** A console text: the message screens' own, else the console's (text() throws on a missing key). */
function say(language: Language, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = SCREEN_WORDS[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return text(language, key, values);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

/** Keys of the message screens' areas shown raw (a missing translation). */
async function rawMessageKeys(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: only the text a user can see counts
  const shown = await page.evaluate(() => document.body.innerText);
  const raw = shown.match(/\b(?:communications|messageDetail|messageLog|customerDevices)\.[A-Za-z.]+/g) ?? [];
  return [...raw, ...(await visibleRawKeys(page))];
}

type Journey = { orderId: string; trackingCode: string; email: string; customerName: string; subject: string };

/**
 * A company with an e-mail template for its orders' creation, and an order of it for a customer with
 * an e-mail. `withWhatsApp`: a WhatsApp template too and the customer's mobile; no WhatsApp provider
 * is configured, so that message fails and the e-mail goes in its place (the company's fallback order).
 */
async function createOrderWithTemplate({ withWhatsApp = false } = {}): Promise<Journey> {
  const api = await asOwner();
  const suffix = uniqueSuffix();
  const company = await api<{ id: string }>('POST', '/company', { data: { name: `Loja Avisos ${suffix}`, type: 'shipper' } });
  const subject = `Seu pedido chegou ${suffix}`;
  await api('POST', '/ccm', {
    data: {
      type: 'email',
      subType: 'delivery',
      trigger: 'CREATED',
      subject,
      content: 'Olá {{customer.name}}, seu pedido {{order.trackingCode}} foi registrado.',
      company: company.id,
      enable: true,
    },
  });
  if (withWhatsApp) {
    await api('POST', '/ccm', {
      data: {
        type: 'whatsapp',
        subType: 'delivery',
        trigger: 'CREATED',
        subject: 'pedido_registrado',
        content: 'Olá {{customer.name}}, seu pedido {{order.trackingCode}} foi registrado.',
        company: company.id,
        enable: true,
      },
    });
  }
  const trackingCode = `MS${suffix.slice(-10).toUpperCase()}`;
  const customerName = `Ana Beatriz ${suffix.slice(-4)}`;
  const email = `ana.${suffix}@e2e.test`;
  const order = await api<{ id: string }>('POST', '/order', {
    data: {
      type: 'DELIVERY',
      trackingCode,
      company: company.id,
      shipper: company.id,
      customerName,
      customerEmail: email,
      ...(withWhatsApp ? { customerPhone: `11987${String(Date.now()).slice(-6)}` } : {}),
    },
  });
  return { orderId: order.id, trackingCode, email, customerName, subject };
}

describe('order communications (pt-BR)', () => {
  const page = setUpOwnerPage(browser, { axe: true });
  const pt = (key: string, values?: Record<string, string | number>) => say('pt-BR', key, values);
  let journey: Journey;

  beforeAll(async () => {
    journey = await createOrderWithTemplate();
  });

  test("the order's first e-mail shows in its communications card as the SMTP server got it, and opens with its text", async () => {
    await page().goto(`/order/${journey.orderId}`);
    const card = page().getByTestId('order-communications');
    await see(card.getByRole('heading', { name: pt('communications.title') }));
    // Queued, then sent when the SMTP server took it: the card follows it live, without a reload.
    await see(card.getByTestId('message-status-sent'));
    const mail = await waitForMail(journey.email, journey.subject);
    expect(mail.text).toContain(`Olá ${journey.customerName}, seu pedido ${journey.trackingCode} foi registrado.`);
    const item = card.getByTestId('order-message');
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain(journey.email);
    expect(await item.textContent()).toContain(pt('entities.ccm.enumerators.trigger.CREATED'));
    expect(await item.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await seriousAxeProblems(page())).toEqual([]);
    expect(await rawMessageKeys(page())).toEqual([]);
    await screenshot(page(), 'issue-27/order-communications', { live: true });

    // The keyboard opens it as the mouse does.
    await item.first().focus();
    await page().keyboard.press('Enter');
    const drawer = page().getByTestId('message-detail');
    await see(drawer.getByTestId('message-body'));
    // axe reads colours: a drawer still sliding in is half transparent.
    await animationsSettled(page());
    const body = drawer.getByTestId('message-body');
    expect(await body.textContent()).toContain(journey.subject);
    expect(await body.textContent()).toContain(`Olá ${journey.customerName}, seu pedido ${journey.trackingCode} foi registrado.`);
    await see(drawer.getByText(pt('entities.orderMessage.fields.sentAt')));
    await see(drawer.getByText('smtp', { exact: false }));
    expect(await seriousAxeProblems(page())).toEqual([]);
    await screenshot(page(), 'issue-27/order-message-drawer', { live: true });
    await page().keyboard.press('Escape');
    await seeNo(drawer.getByTestId('message-body'));
  });

  test('"Send notification" asks first, says it was sent and adds a message; a resend within a minute is refused in words', async () => {
    await page().goto(`/order/${journey.orderId}`);
    const card = page().getByTestId('order-communications');
    await see(card.getByTestId('message-status-sent'));

    const send = await openDialog(page(), card.getByTestId('order-send'));
    // A confirmation keeps a hidden copy of its title for its accessible name: the one shown is read.
    await see(send.getByText(pt('communications.send.title', { trackingCode: journey.trackingCode })).filter({ visible: true }));
    await screenshot(page(), 'issue-27/order-send-confirm', { live: true });
    await send.getByTestId('confirm-order-send').click();
    await seeToast(page(), pt('communications.send.success'));
    await expect.poll(() => card.getByTestId('order-message').count()).toBe(2);
    await expect.poll(() => card.getByTestId('message-status-sent').count()).toBe(2);

    // The e-mail went a moment ago: the API refuses another within the minute, and the page says why.
    const resend = await openDialog(page(), card.getByTestId('order-resend-email'));
    await resend.getByTestId('confirm-order-resend-email').click();
    const tooSoon = pt('errors.messageResentTooSoon', { seconds: '#' }).split('#')[0] ?? '';
    expect(tooSoon.length).toBeGreaterThan(10);
    await seeToast(page(), tooSoon.trim());
    await settleDialogs(page());
    expect(await card.getByTestId('order-message').count()).toBe(2);

    // The company has no SMS template: nothing could be sent.
    const sms = await openDialog(page(), card.getByTestId('order-resend-sms'));
    await sms.getByTestId('confirm-order-resend-sms').click();
    await seeToast(page(), pt('errors.communicationNotSent'));
    await settleDialogs(page());
    await screenshot(page(), 'issue-27/order-communications-refused', { live: true });
    await page().setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    // The window where the card is: the whole page is four screens of the order's fields above it.
    await screenshot(page(), 'issue-27/order-communications-phone', { live: true, fullPage: false });
    await page().setViewportSize({ width: 1366, height: 900 });
  });

  test('the message log lists them, opens one in a drawer and links it to its order', async () => {
    await page().goto(`/order-message?filter=${encodeURIComponent(JSON.stringify({ recipient: journey.email }))}`);
    await see(page().getByRole('heading', { level: 1, name: pt('messageLog.title') }));
    const list = page().getByTestId('message-log');
    await expect.poll(() => list.getByTestId('row-open').count()).toBe(2);
    await see(list.getByTestId('message-status-sent'));
    await see(list.getByText(journey.trackingCode));
    expect(await seriousAxeProblems(page())).toEqual([]);
    expect(await rawMessageKeys(page())).toEqual([]);
    await screenshot(page(), 'issue-27/message-log');

    await list.getByTestId('row-open').first().click();
    const drawer = page().getByTestId('message-detail');
    await see(drawer.getByTestId('message-body'));
    // axe reads colours: a drawer still sliding in is half transparent.
    await animationsSettled(page());
    expect(await drawer.getByTestId('message-body').textContent()).toContain(journey.customerName);
    expect(await seriousAxeProblems(page())).toEqual([]);
    await screenshot(page(), 'issue-27/message-log-drawer');
    await drawer.getByRole('link', { name: journey.trackingCode }).click();
    await page().waitForURL(`**/order/${journey.orderId}`);
    await see(page().getByTestId('order-communications'));

    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`/order-message?filter=${encodeURIComponent(JSON.stringify({ recipient: journey.email }))}`);
    await see(page().getByTestId('message-status-sent'));
    expect(await seriousAxeProblems(page())).toEqual([]);
    await screenshot(page(), 'issue-27/message-log-phone');
    await page().setViewportSize({ width: 1366, height: 900 });
  });
});

describe("a customer's push devices (pt-BR)", () => {
  const page = setUpOwnerPage(browser, { axe: true });
  const pt = (key: string, values: Record<string, string | number> = {}) => say('pt-BR', key, values);

  test('lists the devices the app registered, the newest marked as the one push goes to, and removes one after a confirmation', async () => {
    const api = await asOwner();
    const suffix = uniqueSuffix();
    const company = await api<{ id: string }>('POST', '/company', { data: { name: `Loja Push ${suffix}`, type: 'shipper' } });
    const customer = await api<{ id: string }>('POST', '/customer', { data: { name: `Cliente Push ${suffix}`, company: company.id } });
    const tokenOf = (tail: string) => `${'a'.repeat(40)}:APA91b${'b'.repeat(100)}${tail}`;
    const older = await api<{ tokenEnd: string }>('POST', `/customer/${customer.id}/device`, {
      data: { token: tokenOf('Tablet01'), platform: 'ios' },
    });
    const newest = await api<{ tokenEnd: string }>('POST', `/customer/${customer.id}/device`, {
      data: { token: tokenOf('Phone002'), platform: 'android' },
    });
    await page().goto(`/customer/${customer.id}`);
    const card = page().getByTestId('customer-devices');
    await see(card.getByText(newest.tokenEnd));
    const newestRow = card.getByRole('row').filter({ hasText: newest.tokenEnd });
    await see(newestRow.getByText(pt('customerDevices.receivesPush')));
    await see(card.getByRole('row').filter({ hasText: older.tokenEnd }).getByText('iOS'));
    expect(await seriousAxeProblems(page())).toEqual([]);
    expect(await rawMessageKeys(page())).toEqual([]);
    await screenshot(page(), 'issue-27/customer-devices');

    const confirm = await openDialog(
      page(),
      card.getByRole('button', { name: pt('customerDevices.removeLabel', { device: newest.tokenEnd }) }),
    );
    await see(confirm.getByText(pt('customerDevices.removeTitle', { device: newest.tokenEnd })).filter({ visible: true }));
    await confirm.getByRole('button', { name: pt('customerDevices.remove') }).click();
    await seeToast(page(), pt('customerDevices.removed'));
    await seeNo(card.getByText(newest.tokenEnd));
    // The tablet is the only device left: push goes to it now.
    await see(card.getByRole('row').filter({ hasText: older.tokenEnd }).getByText(pt('customerDevices.receivesPush')));
  });
});

describe('order communications (en)', () => {
  const page = setUpOwnerPage(browser, { axe: true, language: 'en' });
  const en = (key: string, values?: Record<string, string | number>) => say('en', key, values);

  test('a failed WhatsApp message shows its reason and code, the e-mail sent in its place beside it, in English', async () => {
    const journey = await createOrderWithTemplate({ withWhatsApp: true });
    await page().goto(`/order/${journey.orderId}`);
    const card = page().getByTestId('order-communications');
    await see(card.getByRole('heading', { name: en('communications.title') }));
    await see(card.getByTestId('message-status-failed').getByText(en('entities.orderMessage.enumerators.status.failed')));
    await see(card.getByTestId('message-status-sent').getByText(en('entities.orderMessage.enumerators.status.sent')));
    await see(card.getByRole('button', { name: en('communications.resendEmail.button') }));
    expect(await seriousAxeProblems(page())).toEqual([]);
    expect(await rawMessageKeys(page())).toEqual([]);
    await screenshot(page(), 'issue-27/order-communications-en', { live: true });

    await card
      .getByTestId('order-message')
      .filter({ has: page().getByTestId('message-status-failed') })
      .click();
    const drawer = page().getByTestId('message-detail');
    await see(drawer.getByTestId('message-error'));
    await animationsSettled(page());
    expect(await drawer.getByTestId('message-error').textContent()).toMatch(/\(code \S+\)$/);
    expect(await seriousAxeProblems(page())).toEqual([]);
    await screenshot(page(), 'issue-27/order-message-failed-en', { live: true });
    await page().keyboard.press('Escape');

    await page().goto('/order-message');
    await see(page().getByRole('heading', { level: 1, name: en('messageLog.title') }));
    await see(page().getByTestId('message-log').getByTestId('row-open'));
    expect(await seriousAxeProblems(page())).toEqual([]);
    expect(await rawMessageKeys(page())).toEqual([]);
    await screenshot(page(), 'issue-27/message-log-en');
  });
});
