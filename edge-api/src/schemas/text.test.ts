/**
 * The text rules the server and the PWA's forms share (text.ts): what is cleaned, what is kept,
 * and what counts as nothing visible.
 */
import { describe, expect, it } from 'vitest';
import { applicationInput } from './application.ts';
import { cleanLine, cleanParagraphs, hasVisibleText } from './text.ts';

describe('hostile text', () => {
  it('removes control and bidirectional characters and composes to NFC', () => {
    expect(cleanLine('\u202EAli\u0000\u0007 Kha\u0301n\u2066\u200F')).toBe('Ali Kh\u00E1n');
    expect(cleanLine(' first\nsecond\tthird ')).toBe('first second third');
    expect(cleanParagraphs('one\r\n\ttwo\u0000\u202D')).toBe('one\n\ttwo');
  });

  it('keeps the joiners Bengali needs', () => {
    expect(cleanLine('র\u200D্য')).toBe('র\u200D্য');
    expect(cleanLine('ক্\u200Cষ')).toBe('ক্\u200Cষ');
  });

  it('finds nothing visible in spaces, zero-width, format characters, lone marks and fillers', () => {
    for (const text of ['', ' ', '\u200B', '\u200D\u200C', '\uFEFF', '\u0301', '\u3164', '\u2800', '\u00A0\u2060']) {
      expect(hasVisibleText(cleanLine(text)), JSON.stringify(text)).toBe(false);
    }
    expect(hasVisibleText('a')).toBe(true);
    expect(hasVisibleText('আ')).toBe(true);
  });

  it('gives the form the spec’s message for an invisible name', () => {
    const result = applicationInput.safeParse({ name: '\u200B', address: 'Dhaka', nid: '123', nomineeName: 'N', relationship: 'Spouse', policyId: 'p' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Name is required');
  });
});
