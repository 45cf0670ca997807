import { describe, expect, it } from 'vitest';
import { fixedNumber, pageOfWords, skewOf } from './page-of-words.js';
import { wordsOfTsv } from './words.js';
import type { OcrWord } from './words.js';

/** Words of one line at `top`, each 100 px wide with 20 px gaps, falling `slope` px per px. */
function line(id: string, texts: string[], top: number, slope = 0, left = 100): OcrWord[] {
  return texts.map((text, i) => {
    const x = left + i * 120;
    return {
      text,
      confidence: 95,
      left: x,
      top: top + x * slope,
      width: 100,
      height: 40,
      line: id,
    };
  });
}

describe('OCR words into text runs', () => {
  it('when Tesseract TSV is parsed, then words keep their boxes, confidence and line and blanks are left out', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t',
      '5\t1\t1\t1\t1\t1\t337\t366\t69\t40\t77.8\tQ1.',
      '5\t1\t1\t1\t1\t2\t423\t369\t152\t45\t96.3\tExplain',
      '5\t1\t1\t1\t1\t3\t600\t369\t10\t45\t95\t ',
    ].join('\n');
    expect(wordsOfTsv(tsv)).toEqual([
      { text: 'Q1.', confidence: 77.8, left: 337, top: 366, width: 69, height: 40, line: '1.1.1' },
      {
        text: 'Explain',
        confidence: 96.3,
        left: 423,
        top: 369,
        width: 152,
        height: 45,
        line: '1.1.1',
      },
    ]);
  });

  it('when a page is scanned 2 degrees askew, then its skew is measured and its lines come out level', () => {
    const slope = Math.tan((2 * Math.PI) / 180);
    const words = [
      ...line('a', ['Q1.', 'Explain', 'deadlock', 'avoidance'], 400, slope),
      ...line('b', ['[8]'], 400, slope, 2000),
      ...line('c', ['Q2.', 'Define', 'a', 'semaphore'], 600, slope),
    ];
    expect((skewOf(words) * 180) / Math.PI).toBeCloseTo(2, 1);
    const { page } = pageOfWords({ widthPx: 2480, heightPx: 3508, words }, 595, 842, 60);
    const mark = page.items.find((i) => i.str === '[8]')!;
    const question = page.items.find((i) => i.str.startsWith('Q1.'))!;
    // The marks column's word is on its question's baseline once straightened.
    expect(Math.abs(mark.y - question.y)).toBeLessThan(question.size * 0.5);
    expect(question.str).toBe('Q1. Explain deadlock avoidance');
  });

  it('when words sit close on a line, then they make one run; a far one (a marks column) is its own', () => {
    const words = [...line('a', ['Q2.', 'Define', 'it'], 400), ...line('a', ['[5]'], 400, 0, 2000)];
    const { page } = pageOfWords({ widthPx: 2480, heightPx: 3508, words }, 595, 842, 60);
    expect(page.items.map((i) => i.str)).toEqual(['Q2. Define it', '[5]']);
    // 40 px at 300 dpi is 9.6 points of ink: about an 11-point font.
    expect(page.items[0]!.size).toBeGreaterThan(10);
    expect(page.items[0]!.size).toBeLessThan(12.5);
  });

  it('when a word is read with low confidence, then it is listed as unsure', () => {
    const words = line('a', ['Q1.', 'Byzantine'], 400);
    words[1]!.confidence = 41.4;
    const { unsure } = pageOfWords({ widthPx: 2480, heightPx: 3508, words }, 595, 842, 60);
    expect(unsure.map((w) => [w.text, w.confidence])).toEqual([['Byzantine', 41]]);
  });

  it('when OCR reads a question number with letters for digits, then they are read as digits', () => {
    expect(['Ql.', 'QI.', 'Q1O.', '1l.', 'Q l0', 'I.', 'It.', 'Q2.'].map(fixedNumber)).toEqual([
      'Q1.',
      'Q1.',
      'Q10.',
      '11.',
      'Q 10',
      'I.',
      'It.',
      'Q2.',
    ]);
  });
});
