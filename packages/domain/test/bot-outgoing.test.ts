import { describe, expect, it } from 'vitest';
import { bookedLines, codeLines, formatWhen, languageOfWaId, orderLines, renderStep, waIdForms } from '../src/bot/outgoing';

describe('a bot reply as WhatsApp takes it', () => {
  it('draws a list step with the rows offered, its first written choice as the button', () => {
    expect(renderStep({}, 'chooseSize', 'pt-BR', { rows: [{ id: 'size:P', title: 'P' }] })).toEqual({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Qual tamanho de compartimento você precisa?' },
        action: { button: 'Ver tamanhos', sections: [{ title: 'Ver tamanhos', rows: [{ id: 'size:P', title: 'P' }] }] },
      },
    });
  });

  it('gives a buttons step the ids the conversation reads back, in the written order', () => {
    const content = renderStep({ confirmEn: 'Book it?\n- Yes please\n- No' }, 'confirm', 'en');
    expect(content).toEqual({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Book it?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'confirm', title: 'Yes please' } },
            { type: 'reply', reply: { id: 'cancel', title: 'No' } },
          ],
        },
      },
    });
  });

  it('writes a text step as text, with what the moment adds below it', () => {
    expect(renderStep({ booked: 'Feito!' }, 'booked', 'pt-BR', { extra: 'Código: *123456*' })).toEqual({
      type: 'text',
      text: { body: 'Feito!\n\nCódigo: *123456*', preview_url: false },
    });
  });
});

describe('WhatsApp ids', () => {
  it('reads a Brazilian mobile with and without the ninth digit, and any other number as itself', () => {
    expect(waIdForms('5521987654321')).toEqual(['5521987654321', '552187654321']);
    expect(waIdForms('552187654321')).toEqual(['552187654321', '5521987654321']);
    expect(waIdForms('14155550123')).toEqual(['14155550123']);
  });

  it('answers Brazilian numbers in Portuguese and others in English', () => {
    expect(languageOfWaId('5521987654321')).toBe('pt-BR');
    expect(languageOfWaId('14155550123')).toBe('en');
  });
});

describe('what a booking and a support menu tell', () => {
  it('dates on São Paulo clock, DD/MM/YYYY HH:mm', () => {
    expect(formatWhen('2026-12-04T17:30:00.000Z')).toBe('04/12/2026 14:30');
  });

  it('the code, the locker and its door, and the end', () => {
    expect(
      bookedLines('en', { accessCode: '123456', lockerName: 'Bus station', compartmentNumber: 3, until: '2026-12-04T17:30:00.000Z' }),
    ).toBe('Access code: *123456*\nLocker: Bus station, door 3\nValid until: 04/12/2026 14:30');
  });

  it('one line per open order, and says when there is none', () => {
    expect(orderLines('pt-BR', [])).toBe('Você não tem pedidos em aberto.');
    expect(
      orderLines('pt-BR', [{ trackingCode: 'WA1', statusName: 'Criado', lockerName: 'Centro', overdueDate: '2026-12-04T17:30:00.000Z' }]),
    ).toBe('*WA1*: Criado em Centro, retire até 04/12/2026 14:30');
    expect(codeLines('en', [{ trackingCode: 'WA1', lockerName: null, accessCode: '654321' }])).toBe('WA1: *654321*');
  });
});
