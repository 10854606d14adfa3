import { accessCodeOfQrPayload } from '@ebox/domain';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { API_PREFIX } from '../src/app';
import { messageValuesOf } from '../src/modules/message/render';
import { findOrderForMessages } from '../src/modules/message/repository';
import { qrCodeTokenOf } from '../src/modules/qr-code/link';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { startOnlineLocker } from './support/online-locker';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 27, item 4: an order's QR code is the image of `EBOX1:<access code>`; it is drawn for holders
 * of orderQrcode within their companies, behind a message's signed link for anyone holding it, inside
 * the company's QR-code template page; and a virtual locker on the real terminal link that scans it
 * opens the door as the typed code does: the deposit stores the order, a later scan takes it.
 */

let t: TestApp;
let owner: TestUser;
let company: string;
let otherCompany: string;
let lockerId: string;
let terminal: VirtualTerminal;

beforeAll(async () => {
  t = await startTestApp({
    mqtt: true,
    env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: '1.5' },
  });
  owner = await t.createUser({ roles: ['owner'] });
  company = ok(await owner.api.post('/company', { data: { name: 'Loja QR', type: 'shipper', maxDaysOverdueDateDelivery: 5 } })).id;
  otherCompany = ok(await owner.api.post('/company', { data: { name: 'Outra Loja QR', type: 'shipper' } })).id;
  ({ lockerId, terminal } = await startOnlineLocker(t, owner, { company, name: 'Armário QR', code: 'QRC01', compartments: 6 }));
}, 120_000);

afterAll(async () => {
  await terminal?.stop().catch(() => {});
  await t?.close();
});

async function createOrder(): Promise<{ id: string; accessCode: string; compartimentNumber: number }> {
  return ok(
    await owner.api.post('/order', {
      data: {
        type: 'DELIVERY',
        trackingCode: `QR${Date.now().toString(36).toUpperCase()}`,
        shipper: company,
        company,
        customerName: 'Paula <b>Souza</b>',
        customerPhone: '5531987650022',
        ebox: lockerId,
        compartimentSize: 'P',
      },
    }),
  );
}

async function get(path: string, token?: string): Promise<Response> {
  return fetch(`${t.baseUrl}${API_PREFIX}${path}`, { headers: token ? { authorization: `Bearer ${token}`, 'accept-language': 'en' } : {} });
}

/** The text of the QR code a PNG shows, read by an independent decoder. */
function decodeQrPng(bytes: Buffer): string | undefined {
  const png = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function pngOf(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  expect(response.headers.get('cache-control')).toContain('no-store');
  return Buffer.from(await response.arrayBuffer());
}

const holdsCode = (code: string, allows: 'deposit' | 'pickup') => async () =>
  terminal.accessCodes().some((entry) => entry.access_code === code && entry.allows === allows);

describe('the QR code of an order', () => {
  it('is a PNG that decodes to EBOX1:<access code>, for holders of orderQrcode in the order’s company only', async () => {
    const order = await createOrder();
    const text = decodeQrPng(await pngOf(await get(`/order/${order.id}/qrcode`, owner.token)));
    expect(text).toBe(`EBOX1:${order.accessCode}`);
    expect(accessCodeOfQrPayload(` ${text}\n`)).toBe(order.accessCode);

    const reader = await t.createUser({ permissions: ['orderRead'], allowedCompanies: [company] });
    const denied = await get(`/order/${order.id}/qrcode`, reader.token);
    expect(denied.status).toBe(403);

    const outsider = await t.createUser({ permissions: ['orderRead', 'orderQrcode'], allowedCompanies: [otherCompany] });
    expect((await get(`/order/${order.id}/qrcode`, outsider.token)).status).toBe(404);
    expect((await get(`/order/${order.id}/qrcode/page?type=STORED`, outsider.token)).status).toBe(404);

    const insider = await t.createUser({ permissions: ['orderRead', 'orderQrcode'], allowedCompanies: [company] });
    expect(decodeQrPng(await pngOf(await get(`/order/${order.id}/qrcode`, insider.token)))).toBe(`EBOX1:${order.accessCode}`);
    expect((await get(`/order/${order.id}/qrcode`)).status).toBe(401);
  });

  it('opens through the link its messages give, without signing in; a tampered or expired link is refused', async () => {
    const order = await createOrder();
    const forMessages = await findOrderForMessages(t.app.deps.db, order.id);
    const { config } = t.app.deps;
    const values = messageValuesOf(forMessages!, {
      language: 'pt-BR',
      trigger: 'STORED',
      timeZone: 'America/Sao_Paulo',
      links: { appUrl: config.appUrl, secret: config.jwtSecret },
    });
    expect(values.qrCodeUrl).toMatch(new RegExp(`^${t.baseUrl}${API_PREFIX}/order/qrcode/${order.id}\\.`));
    expect(values.qrCodeUrl).not.toContain(order.accessCode);
    expect(decodeQrPng(await pngOf(await fetch(values.qrCodeUrl)))).toBe(`EBOX1:${order.accessCode}`);
    expect(
      messageValuesOf(forMessages!, {
        language: 'en',
        trigger: 'CUSTOMER_TAKEN',
        timeZone: 'UTC',
        links: { appUrl: config.appUrl, secret: config.jwtSecret },
      }).qrCodeUrl,
    ).toBe('');

    const token = values.qrCodeUrl.split('/').pop() as string;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const forged = await get(`/order/qrcode/${tampered}`, owner.token);
    expect(forged.status).toBe(404);
    expect(((await forged.json()) as any).error.code).toBe('qrCodeLinkInvalid');
    const [id, , signature] = token.split('.');
    expect((await get(`/order/qrcode/${id}.${Math.floor(Date.now() / 1000) + 999_999}.${signature}`)).status).toBe(404);

    const expiredToken = qrCodeTokenOf(config.jwtSecret, { ...forMessages!, overdueDate: null }, Date.now() - 8 * 24 * 3_600_000);
    const expired = await fetch(`${t.baseUrl}${API_PREFIX}/order/qrcode/${expiredToken}`, { headers: { 'accept-language': 'pt-BR' } });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: { code: 'qrCodeLinkExpired', message: 'Este link de QR code expirou' } });

    // A new access code ends the old links.
    ok(await owner.api.post(`/order/${order.id}/newAccessCode`, {}));
    expect((await fetch(values.qrCodeUrl)).status).toBe(404);
  });

  it('renders the company’s QR-code template as a script-free page around the image', async () => {
    ok(
      await owner.api.post('/qrcodeTemplate', {
        data: {
          type: 'STORED',
          company,
          enable: true,
          hbsContent: '<h1>Olá, {{customer.name}}</h1>\n{{#if qrcode}}<img src="{{qrcode}}" alt="QR code">{{/if}}\n<p>{{locker.name}}</p>',
        },
      }),
    );
    const order = await createOrder();
    const response = await get(`/order/${order.id}/qrcode/page?type=STORED`, owner.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('img-src data:');
    expect(policy).not.toContain('script-src');
    const html = await response.text();
    expect(html).toContain('Olá, Paula &lt;b&gt;Souza&lt;/b&gt;');
    expect(html).toContain('<p>Armário QR</p>');
    const image = /src="data:image\/png;base64,([^"]+)"/.exec(html)?.[1];
    expect(image).toBeTruthy();
    expect(decodeQrPng(Buffer.from(image!.replace(/&#x3D;/g, '='), 'base64'))).toBe(`EBOX1:${order.accessCode}`);

    const missing = await get(`/order/${order.id}/qrcode/page?type=EXPIRED`, owner.token);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as any).error.message).toBe('The company has no enabled QR-code template of type EXPIRED');
    expect((await get(`/order/${order.id}/qrcode/page?type=NOPE`, owner.token)).status).toBe(400);
  });

  it('is scanned at the virtual locker as its access code: the first scan stores the parcel, the next takes it', async () => {
    const order = await createOrder();
    const text = decodeQrPng(await pngOf(await get(`/order/${order.id}/qrcode`, owner.token))) as string;
    await eventually(holdsCode(order.accessCode, 'deposit'), Boolean);

    expect(await terminal.scanQrCode({ text: 'https://example.com/promo' })).toEqual({ ok: false, reason: 'notOurQrCode' });
    expect(await terminal.scanQrCode({ text: `EBOX2:${order.accessCode}` })).toEqual({ ok: false, reason: 'notOurQrCode' });

    const sent: Record<string, unknown>[] = [];
    terminal.on('sent', (message) => {
      if (message.channel === 'lockerEvent') sent.push(message.payload);
    });
    expect(await terminal.scanQrCode({ text: `${text}\n` })).toEqual({ ok: true, compartmentNumber: order.compartimentNumber });
    await eventually(
      async () => ok(await owner.api.get(`/order/${order.id}`)).status,
      (status) => status === 'STORED',
    );
    await eventually(holdsCode(order.accessCode, 'pickup'), Boolean);
    expect(await terminal.scanQrCode({ text })).toEqual({ ok: true, compartmentNumber: order.compartimentNumber });
    await eventually(
      async () => ok(await owner.api.get(`/order/${order.id}`)).status,
      (status) => status === 'CUSTOMER_TAKEN',
    );
    const parcelEvents = sent.filter((event) => event.event === 'parcel_deposited' || event.event === 'parcel_taken');
    expect(parcelEvents.map((event) => [event.event, (event.data as Record<string, unknown>).input])).toEqual([
      ['parcel_deposited', 'qr'],
      ['parcel_taken', 'qr'],
    ]);

    // Taken: the code opens nothing any more, so there is no QR code to show.
    const gone = await get(`/order/${order.id}/qrcode`, owner.token);
    expect(gone.status).toBe(409);
    expect(((await gone.json()) as any).error.code).toBe('qrCodeUnavailable');
  });
});
