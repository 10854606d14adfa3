import { describe, expect, it } from 'vitest';
import { accessCodeOfQrPayload, qrPayloadOf } from '../src/index';

describe('the QR-code payload', () => {
  it('carries the access code behind the EBOX1: prefix and gives it back, whitespace aside', () => {
    expect(qrPayloadOf('482913')).toBe('EBOX1:482913');
    expect(accessCodeOfQrPayload('EBOX1:482913')).toBe('482913');
    expect(accessCodeOfQrPayload('  ebox1:A1b2C3\r\n')).toBe('A1b2C3');
  });

  it('refuses any other QR code', () => {
    for (const text of ['482913', 'EBOX2:482913', 'EBOX1:', 'EBOX1:48 29', 'https://example.com/EBOX1:1', 'XEBOX1:1']) {
      expect(accessCodeOfQrPayload(text)).toBeNull();
    }
    expect(() => qrPayloadOf('48 29')).toThrow();
  });
});
