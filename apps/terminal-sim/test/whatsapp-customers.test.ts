import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChatLink,
  type ChatReply,
  type DemoBotNumbers,
  runWhatsAppCustomers,
  summarizeWhatsAppCustomers,
} from '../src/whatsapp-customers';

/**
 * The simulated WhatsApp customers against the provider sandbox's stand-ins, with a scripted bot in
 * the console's place (the sim's own test needs no database): the bot's answers follow the flows'
 * steps and texts (packages/domain/src/bot), its Pix are real payments at the Mercado Pago stand-in.
 */

let sandbox: ProviderSandbox;
let bot: Server;
const numbers = {} as Record<keyof DemoBotNumbers, { phoneNumberId: string; accessToken: string }>;
/** The scripted bot's Pix by Mercado Pago payment id: whom to send the code once it is paid. */
const pixOf = new Map<string, { to: string; from: string }>();

async function send(from: string, to: string, message: Record<string, unknown>) {
  const number = Object.values(numbers).find((entry) => entry.phoneNumberId === from);
  const response = await fetch(`${sandbox.url}/${sandbox.env.WHATSAPP_API_VERSION}/${from}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${number?.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', to, ...message }),
  });
  if (!response.ok) throw new Error(`send: ${response.status} ${await response.text()}`);
}
const text = (body: string) => ({ type: 'text', text: { body } });
const buttons = (body: string, choices: [string, string][]) => ({
  type: 'interactive',
  interactive: {
    type: 'button',
    body: { text: body },
    action: { buttons: choices.map(([id, title]) => ({ type: 'reply', reply: { id, title } })) },
  },
});

/** The bot's answer to one customer message, as the console's flows give it. */
async function answer(phoneNumberId: string, from: string, said: string) {
  const reply = (message: Record<string, unknown>) => send(phoneNumberId, from, message);
  if (said === 'cancelar') return reply(text('Reserva cancelada.'));
  if (phoneNumberId === numbers.support.phoneNumberId) {
    if (said === 'orders') return reply(text('Seus pedidos: nenhum pedido em aberto.'));
    return reply(buttons('Como posso ajudar?', [['orders', 'Meus pedidos']]));
  }
  if (said === 'oi') {
    await reply(text('Olá! Eu sou o assistente dos armários inteligentes.'));
    return reply({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Qual tamanho de compartimento você precisa?' },
        action: { button: 'Ver tamanhos', sections: [{ title: 'Ver tamanhos', rows: [{ id: 'size:P', title: 'P' }] }] },
      },
    });
  }
  if (said === 'size:P') return reply(text('A partir de que horas? Responda no formato HH:mm.'));
  if (/^\d{2}:\d{2}$/.test(said) && Number(said.slice(0, 2)) < 24) return reply(text('Por quantas horas?'));
  if (/^\d+$/.test(said)) return reply(buttons('Confirma a reserva?', [['confirm', 'Confirmar']]));
  if (said === 'confirm' && phoneNumberId === numbers.hourlyPaid.phoneNumberId) {
    const created = await fetch(`${sandbox.mercadoPago.apiUrl}/v1/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sandbox.mercadoPago.accessToken}`,
        'content-type': 'application/json',
        'x-idempotency-key': `${from}-${Date.now()}`,
      },
      body: JSON.stringify({ transaction_amount: 8, payment_method_id: 'pix', payer: { email: 'cliente@exemplo.com.br' } }),
    });
    const payment = (await created.json()) as { id: number; point_of_interaction: { transaction_data: { ticket_url: string } } };
    if (!created.ok) throw new Error(`Pix: ${created.status} ${JSON.stringify(payment)}`);
    pixOf.set(String(payment.id), { to: from, from: phoneNumberId });
    return reply(text(`Pague com o Pix abaixo.\nOu pague pela página: ${payment.point_of_interaction.transaction_data.ticket_url}`));
  }
  if (said === 'confirm') return reply(text('Reserva confirmada!\n\nCódigo de acesso: *123456*'));
  return reply(text('Não entendi sua resposta. Pode tentar de novo?'));
}

/** The customer's side in this process: the sandbox itself, and the bot told of a paid Pix as the console would be. */
const link: ChatLink = {
  async say({ to, from, text: said, choice }) {
    const result = await sandbox.whatsapp.customerSays(choice ? { to, from, choice } : { to, from, text: String(said) });
    if (result.status !== 200) throw new Error(`the bot answered ${result.status}`);
  },
  replies: async (waId) => sandbox.received('whatsapp').filter((message) => message.waId === waId) as ChatReply[],
  async approve(paymentId) {
    expect(sandbox.mercadoPago.approve(paymentId).status).toBe('approved');
    const pix = pixOf.get(paymentId);
    if (pix) await send(pix.from, pix.to, text('Pagamento aprovado! Código de acesso: *654321*'));
  },
};

beforeAll(async () => {
  sandbox = await startProviderSandbox({ host: '127.0.0.1' });
  for (const key of ['hourlyFree', 'hourlyPaid', 'support'] as const) numbers[key] = sandbox.whatsapp.addNumber();
  bot = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    response.end();
    const value = JSON.parse(body || '{}')?.entry?.[0]?.changes?.[0]?.value;
    const message = value?.messages?.[0];
    if (!message) return;
    const said = message.text?.body ?? message.interactive?.list_reply?.id ?? message.interactive?.button_reply?.id ?? '';
    await answer(value.metadata.phone_number_id, message.from, said).catch((error: Error) => console.error(error));
  });
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  sandbox.setStatusCallbackUrl(`http://127.0.0.1:${(bot.address() as AddressInfo).port}/webhooks/whatsapp`);
});

afterAll(async () => {
  bot?.closeAllConnections();
  await new Promise((resolve) => bot?.close(resolve));
  await sandbox?.close();
});

describe('simulated WhatsApp customers', () => {
  it('play every flow through the stand-in: bookings free and paid, a Pix paid and one left, wrong answers, a cancel, support', async () => {
    const bots = {
      hourlyFree: numbers.hourlyFree.phoneNumberId,
      hourlyPaid: numbers.hourlyPaid.phoneNumberId,
      support: numbers.support.phoneNumberId,
    };
    const outcomes = await runWhatsAppCustomers(link, bots, 6, { quietMs: 100, replyTimeoutMs: 10_000 });
    const summary = summarizeWhatsAppCustomers(outcomes);
    expect(summary.errors).toEqual([]);
    expect(summary).toMatchObject({
      conversations: 6,
      finished: 6,
      bookings: 4,
      paymentsApproved: 1,
      paymentsLeftToExpire: 1,
      turnedAway: 0,
    });
    expect(outcomes.map((outcome) => [outcome.plan, outcome.booked])).toEqual([
      ['bookFree', true],
      ['payPix', true],
      ['leavePix', true],
      ['wrongAnswers', true],
      ['cancel', false],
      ['support', false],
    ]);
    // Every customer message got an answer, timed: the wrong answers' customer wrote 6 times and paid none.
    expect(outcomes.find((outcome) => outcome.plan === 'wrongAnswers')?.replyMs).toHaveLength(7);
    expect(summary.replyP95Ms).toBeGreaterThanOrEqual(summary.replyP50Ms);
    // The paid Pix is approved at the stand-in; the other still waits for its payer (until it expires).
    expect(
      sandbox.mercadoPago
        .payments()
        .map((payment) => payment.status)
        .sort(),
    ).toEqual(['approved', 'pending']);
  });
});
