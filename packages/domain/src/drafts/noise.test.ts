// The lines a paper prints around its questions, told apart by their text alone.
import { describe, expect, it } from 'vitest';
import { marksOfLine } from './marks.js';
import { isInstruction, isPageNumber, sectionOf } from './noise.js';

describe('lines that are no question', () => {
  it('when a line is a page number or a "turn over", then it is noise, and a question line is not', () => {
    for (const line of [
      '— 1 —',
      '- 2 -',
      'Page 1 of 2',
      '3/4',
      'P.T.O.',
      'PTO',
      'Turn over',
      '(Please turn over)',
    ]) {
      expect(isPageNumber(line), line).toBe(true);
    }
    for (const line of ['1. Define a page table.', 'Explain page replacement.', '(d) Pitot tube']) {
      expect(isPageNumber(line), line).toBe(false);
    }
  });

  it('when a bare number stands in the body, then it ends a wrapped line; at the page edge it is a page number', () => {
    expect(isPageNumber('126', false)).toBe(false);
    expect(isPageNumber('3/4', false)).toBe(false);
    expect(isPageNumber('126', true)).toBe(true);
    expect(isPageNumber('Page 2 of 3', false)).toBe(true);
  });

  it('when a line is an instruction, then it is one; a section heading is named', () => {
    for (const line of ['Answer any five questions.', 'Time: 3 hours', 'Max. Marks: 70']) {
      expect(isInstruction(line), line).toBe(true);
    }
    expect(sectionOf('SECTION - B')).toBe('Section B');
    expect(sectionOf('Part II (5 x 2 = 10 marks)')).toBe('Part II');
    expect(sectionOf('Section A: answer all questions')).toBe('Section A');
    expect(sectionOf('Part of the tree is shown below.')).toBeNull();
    // As OCR reads a roman "I".
    expect(sectionOf('Part Il')).toBe('Part II');
    expect(sectionOf('Part |')).toBe('Part I');
    expect(sectionOf('Part 1')).toBe('Part 1');
    expect(sectionOf('Part fi')).toBe('Part FI');
    expect(sectionOf('Part of')).toBeNull();
  });

  it("when marks are printed in any of the contract's forms, then they are read", () => {
    const forms: [string, number][] = [
      ['[5]', 5],
      ['[5 marks]', 5],
      ['(5 marks)', 5],
      ['(5)', 5],
      ['5M', 5],
      ['5 Marks', 5],
      ['(2×5=10)', 10],
      ['[2 x 5 = 10]', 10],
    ];
    for (const [form, marks] of forms) {
      expect(marksOfLine(`Explain the question. ${form}`), form).toEqual({
        marks,
        text: 'Explain the question.',
      });
    }
    expect(marksOfLine('Find f(5)').marks).toBeNull();
    expect(marksOfLine('A rod of length 5m').marks).toBeNull();
  });
});
