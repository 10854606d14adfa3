import { describe, expect, it } from 'vitest';
import {
  CHOICE_IDS,
  type ConversationOutcome,
  type ConversationState,
  stepConversation,
  timeOutConversation,
} from '../src/bot/conversation';
import type { BotFlowType } from '../src/bot/flow-steps';

/**
 * Issue 32 item 3: the conversations as declared state machines, one customer message at a time,
 * as a customer would live them: each flow from "oi" to its booking, cancel anywhere, nonsense asked
 * again then helped, the 30-minute idle time-out, out of service.
 */

const T0 = new Date('2026-12-04T12:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const open = { inService: true, freeSizes: ['P', 'M', 'G'] };

/** Plays messages in turn; answers every outcome. */
function chat(flow: BotFlowType, messages: (string | { choiceId: string })[], context = open, startMinute = 0): ConversationOutcome[] {
  let state: ConversationState | null = null;
  return messages.map((message, i) => {
    const input = typeof message === 'string' ? { text: message, at: at(startMinute + i) } : { ...message, at: at(startMinute + i) };
    const outcome = stepConversation(flow, state, input, context);
    state = outcome.state;
    return outcome;
  });
}

describe('hourly booking', () => {
  it('goes from "oi" to a booking of a free size, a start and hours', () => {
    const outcomes = chat('hourlyBooking', ['oi', { choiceId: 'size:M' }, '14:30', '3', { choiceId: CHOICE_IDS.confirm }]);
    expect(outcomes[0]?.effects).toEqual([
      { type: 'say', step: 'welcome' },
      {
        type: 'ask',
        step: 'chooseSize',
        choices: [
          { id: 'size:P', title: 'P' },
          { id: 'size:M', title: 'M' },
          { id: 'size:G', title: 'G' },
        ],
      },
    ]);
    expect(outcomes[1]?.effects).toEqual([{ type: 'ask', step: 'askStart' }]);
    expect(outcomes[2]?.effects).toEqual([{ type: 'ask', step: 'askHours' }]);
    expect(outcomes[3]?.effects).toEqual([{ type: 'ask', step: 'confirm' }]);
    expect(outcomes[4]).toEqual({
      state: null,
      effects: [{ type: 'book', flow: 'hourlyBooking', answers: { size: 'M', start: '14:30', hours: 3 } }],
    });
  });

  it('reads typed answers too: a size by name, "14h", "2 horas", "sim"', () => {
    const outcomes = chat('hourlyBooking', ['Olá', 'g', '14h', '2 horas', 'sim']);
    expect(outcomes[4]?.effects).toEqual([{ type: 'book', flow: 'hourlyBooking', answers: { size: 'G', start: '14:00', hours: 2 } }]);
  });

  it('says so at once when no compartment is free', () => {
    expect(chat('hourlyBooking', ['oi'], { inService: true, freeSizes: [] })[0]).toEqual({
      state: null,
      effects: [
        { type: 'say', step: 'welcome' },
        { type: 'say', step: 'noneFree' },
      ],
    });
  });

  it('offers at most 10 sizes, as a WhatsApp list holds', () => {
    const sizes = Array.from({ length: 12 }, (_, i) => `S${i}`);
    const [first] = chat('hourlyBooking', ['oi'], { inService: true, freeSizes: sizes });
    const ask = first?.effects[1];
    expect(ask?.type === 'ask' && ask.choices?.length).toBe(10);
  });
});

describe('period and building bookings', () => {
  it('books a range of days', () => {
    const outcomes = chat('periodBooking', ['oi', 'P', '10/12 a 12/12', 'confirmar']);
    expect(outcomes[2]?.effects).toEqual([{ type: 'ask', step: 'confirm' }]);
    expect(outcomes[3]?.effects).toEqual([{ type: 'book', flow: 'periodBooking', answers: { size: 'P', from: '10/12', to: '12/12' } }]);
  });

  it('refuses a range that ends before it starts, but reads one across the new year', () => {
    expect(chat('periodBooking', ['oi', 'P', '12/12 a 10/12'])[2]?.effects[0]).toEqual({ type: 'say', step: 'askAgain' });
    expect(chat('periodBooking', ['oi', 'P', '28/12 a 02/01'])[2]?.effects).toEqual([{ type: 'ask', step: 'confirm' }]);
  });

  it('books for another resident by their mobile, typed any common way', () => {
    const outcomes = chat('buildingBooking', ['oi', 'M', '(21) 98765-4321', 'yes']);
    expect(outcomes[3]?.effects).toEqual([{ type: 'book', flow: 'buildingBooking', answers: { size: 'M', recipient: '5521987654321' } }]);
    expect(chat('buildingBooking', ['oi', 'M', '2133334444'])[2]?.effects[0]).toEqual({ type: 'say', step: 'askAgain' });
  });
});

describe('logistic support', () => {
  it('lists the orders, resends a code and stays on the menu; a hand-off then keeps the bot quiet', () => {
    const outcomes = chat('logisticSupport', ['oi', { choiceId: CHOICE_IDS.orders }, '2', 'falar com atendente', 'alô?']);
    expect(outcomes[0]?.effects).toEqual([
      { type: 'say', step: 'welcome' },
      { type: 'ask', step: 'menu' },
    ]);
    expect(outcomes[1]?.effects).toEqual([{ type: 'listOrders' }, { type: 'ask', step: 'menu' }]);
    expect(outcomes[2]?.effects).toEqual([{ type: 'resendCode' }, { type: 'ask', step: 'menu' }]);
    expect(outcomes[3]?.effects).toEqual([{ type: 'handOff' }, { type: 'say', step: 'handOff' }]);
    expect(outcomes[4]?.effects).toEqual([]);
    expect(outcomes[4]?.state?.step).toBe('handOff');
  });
});

describe('anywhere in a conversation', () => {
  it('"cancelar" or "cancel" ends it, whatever step it waits at', () => {
    for (const word of ['cancelar', 'CANCEL', ' Cancelar ']) {
      const outcomes = chat('hourlyBooking', ['oi', 'P', word]);
      expect(outcomes[2]).toEqual({ state: null, effects: [{ type: 'say', step: 'cancelled' }] });
    }
    expect(chat('hourlyBooking', ['oi', 'P', '10:00', '2', { choiceId: CHOICE_IDS.cancel }])[4]?.state).toBeNull();
    expect(chat('hourlyBooking', ['oi', 'P', '10:00', '2', 'não'])[4]).toEqual({
      state: null,
      effects: [{ type: 'say', step: 'cancelled' }],
    });
  });

  it('asks an unreadable answer again, then with help, and moves on once it reads', () => {
    const outcomes = chat('hourlyBooking', ['oi', 'XXL', 'banana', 'qualquer', 'P']);
    expect(outcomes[1]?.effects[0]).toEqual({ type: 'say', step: 'askAgain' });
    expect(outcomes[1]?.effects[1]).toMatchObject({ type: 'ask', step: 'chooseSize' });
    expect(outcomes[2]?.effects[0]).toEqual({ type: 'say', step: 'help' });
    expect(outcomes[3]?.effects[0]).toEqual({ type: 'say', step: 'help' });
    expect(outcomes[4]?.effects).toEqual([{ type: 'ask', step: 'askStart' }]);
    expect(outcomes[4]?.state?.misses).toBe(0);
    for (const nonsense of ['25:00', '0', '99', 'amanhã']) {
      const [, , , stepped] = chat('hourlyBooking', ['oi', 'P', '10:00', nonsense]);
      expect(stepped?.effects[0], nonsense).toEqual({ type: 'say', step: 'askAgain' });
    }
  });

  it('closes after 30 idle minutes: the timer tells the customer, and the next message starts over', () => {
    const [, second] = chat('hourlyBooking', ['oi', 'P']);
    const state = second?.state ?? null;
    expect(timeOutConversation(state, at(1 + 29))).toEqual({ state, effects: [] });
    expect(timeOutConversation(state, at(1 + 30))).toEqual({ state: null, effects: [{ type: 'say', step: 'timedOut' }] });
    // A message after the time-out (the timer not run yet) starts a new conversation.
    const late = stepConversation('hourlyBooking', state, { text: '10:00', at: at(1 + 31) }, open);
    expect(late.effects[0]).toEqual({ type: 'say', step: 'welcome' });
    expect(late.state?.step).toBe('chooseSize');
  });

  it('answers "fora de serviço" when the bot is disabled or outside its dates, and keeps nothing', () => {
    const [, second] = chat('hourlyBooking', ['oi', 'P']);
    expect(
      stepConversation('hourlyBooking', second?.state ?? null, { text: '10:00', at: at(2) }, { inService: false, freeSizes: [] }),
    ).toEqual({
      state: null,
      effects: [{ type: 'say', step: 'outOfService' }],
    });
  });
});
