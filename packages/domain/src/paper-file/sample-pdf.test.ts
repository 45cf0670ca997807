import { describe, expect, it } from 'vitest';
import { samplePdf } from './sample-pdf.js';

describe('samplePdf', () => {
  it('when a PDF is generated, then every cross-reference entry points at its object and startxref at the table', () => {
    const pdf = samplePdf('Data Structures (end-term) 2023 \\ Café', [
      'mid-term examination, 2023',
    ]);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 5)).toBe('xref\n');
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(xrefAt))!;
    expect(Number(first)).toBe(0);
    const table = text
      .slice(xrefAt)
      .split('\n')
      .slice(2, 2 + Number(count));
    expect(table[0]).toBe('0000000000 65535 f ');
    table.slice(1).forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(text).toContain(`/Size ${count}`);
  });

  it('when the stream length is declared, then it matches the bytes between stream and endstream', () => {
    const text = samplePdf('A title', ['one', 'two']).toString('latin1');
    const [, length, content] = /\/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)!;
    expect(Buffer.byteLength(content!, 'latin1')).toBe(Number(length));
  });

  it('when the title has parentheses, backslashes or accents, then they are escaped or folded to ASCII', () => {
    const text = samplePdf('Trees (AVL) \\ Café').toString('latin1');
    expect(text).toContain('(Trees \\(AVL\\) \\\\ Cafe) Tj');
    expect(samplePdf('x').length).toBeLessThan(1024);
  });
});
