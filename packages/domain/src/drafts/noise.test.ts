// The lines a paper prints around its questions, told apart by their text alone.
import { describe, expect, it } from 'vitest';
import { marksOfLine } from './marks.js';
import { isInstruction, isPageNumber, sectionOf } from './noise.js';
import { optionsOf } from './parse.js';
import { splitQuestions } from './split.js';
import type { BodyLine } from './noise.js';

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

describe('options as OCR reads them', () => {
  it('when OCR reads "(c)" as "{C)" among "(a)", "(b)", "(d)", then the four are still options and the stem is clean', () => {
    // As Tesseract read a scan: "(c) 2" glued into one low-confidence word "{C)22".
    const read = optionsOf(
      'The rank of a 3 by 3 matrix with determinant 0 is at most:\n(a) 0 (b) 1 {C)22 (d) 3',
    );
    expect(read).toEqual({
      stem: 'The rank of a 3 by 3 matrix with determinant 0 is at most:',
      options: ['0', '1', '22', '3'],
    });
  });

  it('when a bracketed capital C stands without (a) and (b) before it, then it is no option', () => {
    expect(optionsOf('Find the current in branch {C) of the circuit (b) shown.')).toBeNull();
    expect(optionsOf('(A) Stack (B) Queue (C) Tree (D) Graph')?.options).toEqual([
      'Stack',
      'Queue',
      'Tree',
      'Graph',
    ]);
  });
});

describe('question numbers OCR could not read', () => {
  const text = (line: string, x = 0): BodyLine => ({ kind: 'text', text: line, page: 1, x });
  const heading = (name: string): BodyLine => ({ kind: 'section', text: name, page: 1, x: 40 });

  it('when the first line under a section heading has its number misread, then it starts a question of its own with a warning', () => {
    // As Tesseract read a scan: "1." under "Part II" came out as "rR_".
    const { questions } = splitQuestions([
      heading('Part I'),
      text('2. Which traversal of a binary search tree gives the keys in sorted order?'),
      text('(A) Preorder (B) Inorder', 12),
      text('(C) Postorder (D) Level order', 12),
      heading('Part II'),
      text('rR_ Describe how a binary heap supports extract-min and analyse its cost. [5 marks]'),
      text('2. Compare chaining and open addressing for resolving collisions in hash tables.'),
    ]);
    expect(questions.map((q) => [q.number, q.section])).toEqual([
      ['2', 'Part I'],
      ['3', 'Part II'],
      ['2', 'Part II'],
    ]);
    expect(questions[0]!.lines.at(-1)).toBe('(C) Postorder (D) Level order');
    expect(questions[1]!.lines).toEqual([
      'rR_ Describe how a binary heap supports extract-min and analyse its cost. [5 marks]',
    ]);
    expect(questions[1]!.warnings[0]).toMatch(/No number read at the start of Part II/);
    expect(questions[1]!.confidence).toBeLessThan(1);
  });

  it('when an indented line follows a section heading, then it stays with the question above', () => {
    const { questions } = splitQuestions([
      text('1. Define a page table.'),
      heading('Section B'),
      text('and its entries.', 30),
    ]);
    expect(questions.map((q) => q.lines)).toEqual([['Define a page table.', 'and its entries.']]);
  });
});
