import { describe, expect, it } from 'vitest';
import { smsSegmentsOf, toGsm7 } from '../src/gsm7';

describe('SMS segments (GSM-7: 160 in one message, 153 per part; UCS-2: 70 and 67)', () => {
  it('a plain text of 160 characters is one segment, 161 is two', () => {
    expect(smsSegmentsOf('a'.repeat(160))).toEqual({
      encoding: 'GSM-7',
      characters: 160,
      segments: 1,
      perSegment: 160,
      nonGsmCharacters: [],
    });
    expect(smsSegmentsOf('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', characters: 161, segments: 2, perSegment: 153 });
  });

  it('two full parts and one character more is three segments', () => {
    expect(smsSegmentsOf('a'.repeat(153 * 2)).segments).toBe(2);
    expect(smsSegmentsOf('a'.repeat(153 * 2 + 1)).segments).toBe(3);
  });

  it('an empty text sends nothing', () => {
    expect(smsSegmentsOf('')).toMatchObject({ characters: 0, segments: 0 });
  });

  it('the extension characters € [ ] { } count two septets each', () => {
    expect(smsSegmentsOf('€[]{}')).toMatchObject({ encoding: 'GSM-7', characters: 10, segments: 1 });
    expect(smsSegmentsOf(`${'a'.repeat(159)}€`)).toMatchObject({ characters: 161, segments: 2 });
    // An escape and its character stay in one part: the one that does not fit starts the next.
    expect(smsSegmentsOf(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toMatchObject({ characters: 306, segments: 3 });
  });

  it('the accented letters of the GSM alphabet stay GSM-7; the others and an emoji force UCS-2', () => {
    expect(smsSegmentsOf('é à ü Ç Ñ').encoding).toBe('GSM-7');
    expect(smsSegmentsOf('Olá, ação')).toMatchObject({ encoding: 'UCS-2', nonGsmCharacters: ['á', 'ç', 'ã'] });
  });

  it('an emoji sends the text as UCS-2, 70 units in one message and 67 per part, the emoji taking two', () => {
    expect(smsSegmentsOf(`Retire seu pedido 📦`)).toMatchObject({
      encoding: 'UCS-2',
      characters: 20,
      segments: 1,
      perSegment: 70,
      nonGsmCharacters: ['📦'],
    });
    expect(smsSegmentsOf(`${'a'.repeat(68)}📦`)).toMatchObject({ characters: 70, segments: 1 });
    expect(smsSegmentsOf(`${'a'.repeat(69)}📦`)).toMatchObject({ characters: 71, segments: 2, perSegment: 67 });
    expect(smsSegmentsOf(`${'a'.repeat(134)}📦`)).toMatchObject({ characters: 136, segments: 3 });
  });
});

describe('toGsm7: accents and typographic characters replaced for carriers that take only plain GSM', () => {
  it('takes the accents off every letter, those of the GSM alphabet too', () => {
    expect(toGsm7('Olá, João! Ação às três: você pôs a encomenda no armário Ç É ü à')).toBe(
      'Ola, Joao! Acao as tres: voce pos a encomenda no armario C E u a',
    );
  });

  it('replaces typographic quotes, dashes, the ellipsis and spaces', () => {
    expect(toGsm7('“Código” – ‘já’ — pronto…\u00a0nº 5')).toBe('"Codigo" - \'ja\' - pronto... no 5');
  });

  it('keeps what has no plain equivalent, and the result counts as GSM-7 when nothing else is left', () => {
    expect(toGsm7('Seu pedido 📦 chegou')).toBe('Seu pedido 📦 chegou');
    expect(toGsm7('€ [ ] { } £ @ Δ')).toBe('€ [ ] { } £ @ Δ');
    const replaced = toGsm7('Olá Maria, seu código é 482913 — válido até amanhã…');
    expect(smsSegmentsOf(replaced)).toMatchObject({ encoding: 'GSM-7', nonGsmCharacters: [] });
  });
});
