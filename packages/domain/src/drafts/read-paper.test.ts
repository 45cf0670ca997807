// Papers as real PDFs (written by pdf/write.ts, read back by pdf.js in a reading thread), read
// into drafts without the catalog: numbering, parts, marks, noise, sections and the sitting.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../pdf/read.js';
import { textPdf } from '../pdf/write.js';
import type { PdfLine } from '../pdf/write.js';
import { readPaper } from './read-drafts.js';

/** Body lines from the top of an A4 page, 14 points apart; `[x, text]` places a line. */
function lines(texts: (string | [number, string])[], top = 780): PdfLine[] {
  return texts.map((t, i) => {
    const [x, text] = typeof t === 'string' ? [60, t] : t;
    return { x, y: top - 14 * i, text, size: 10 };
  });
}

async function read(pages: PdfLine[][]) {
  return readPaper(await readPdf(textPdf(pages)));
}

const brief = (d: { number: string; parent: string | null; marks: number | null }) =>
  `${d.number}${d.parent ? `<${d.parent}` : ''}:${d.marks}`;

// The probe of issue 55: MCQs 1-3, "4 (a)" and a bare "(b)", 5-10, a running header on page 2
// only, "— n —" footers, "P.T.O.", and 15 marks on the last line before the footer.
const PROBE: PdfLine[][] = [
  [
    { x: 200, y: 800, text: 'Fluid Mechanics - End-Term Examination, May 2024', size: 14 },
    ...lines(
      [
        'Time: 3 hours Max. Marks: 70',
        'Answer all questions.',
        'Section A',
        '1. Which instrument measures the velocity of a fluid at a point?',
        [78, '(a) Barometer'],
        [78, '(b) Manometer'],
        [78, '(c) Hydrometer'],
        [78, '(d) Pitot tube [2 marks]'],
        '2. The unit of dynamic viscosity in SI is (a) N s/m2 (b) m2/s (c) N/m (d) kg/m [2 marks]',
        '3. Which number is the ratio of inertia to viscous forces?',
        [78, '(a) Reynolds (b) Froude (c) Mach (d) Weber [1 mark]'],
        'Section B',
        "4 (a) State Pascal's law and prove it for a fluid at rest. [5]",
        [78, '(b) Explain the working of a hydraulic press. [5]'],
        "5. Derive Bernoulli's equation from Euler's equation of motion",
        [78, 'along a streamline, stating every assumption made. (10 marks)'],
      ],
      770,
    ),
    { x: 280, y: 50, text: 'P.T.O.', size: 9 },
    { x: 280, y: 30, text: '— 1 —', size: 9 },
  ],
  [
    { x: 60, y: 815, text: 'B.Tech. (Mechanical) Fluid Mechanics', size: 8 },
    ...lines([
      '6. Define metacentric height and explain how it is found by experiment. 5M',
      '7. Explain boundary layer separation and two ways of controlling it. (5)',
      '8. Write short notes on any two: laminar flow, turbulence, cavitation. (2×5=10)',
      '9. Describe the Venturi meter and derive its discharge equation. 5 Marks',
      '10. Design a pipe network for a town of 10,000 people, sizing the main and the',
      [78, 'branches, and estimate the head loss in each. [15 marks]'],
    ]),
    { x: 280, y: 30, text: '— 2 —', size: 9 },
  ],
];

describe('reading a paper into drafts', () => {
  it('when the probe paper is read, then its eleven questions, parts and marks come out one by one', async () => {
    const content = await readPdf(textPdf(PROBE));
    // The dashes and the `×` are printed as such, not dropped by the writer.
    expect(content.pages[0]!.items.map((i) => i.str)).toContain('— 1 —');
    expect(content.pages[1]!.items.map((i) => i.str).join(' ')).toContain('(2×5=10)');
    const paper = readPaper(content);
    expect(paper.drafts.map(brief)).toEqual([
      '1:2',
      '2:2',
      '3:1',
      '4(a)<4:5',
      '4(b)<4:5',
      '5:10',
      '6:5',
      '7:5',
      '8:10',
      '9:5',
      '10:15',
    ]);
    const [q1, q2, q3, q4a, q4b, q5] = paper.drafts;
    expect(q1).toMatchObject({
      type: 'mcq',
      text: 'Which instrument measures the velocity of a fluid at a point?',
      options: ['Barometer', 'Manometer', 'Hydrometer', 'Pitot tube'],
      section: 'Section A',
      page: 1,
      confidence: 1,
      warnings: [],
    });
    expect(q2!.options).toEqual(['N s/m2', 'm2/s', 'N/m', 'kg/m']);
    expect(q3!.options).toEqual(['Reynolds', 'Froude', 'Mach', 'Weber']);
    expect(q4a).toMatchObject({ text: "State Pascal's law and prove it for a fluid at rest." });
    expect(q4b).toMatchObject({ text: 'Explain the working of a hydraulic press.' });
    expect(q4b!.section).toBe('Section B');
    expect(q5!.text).toBe(
      "Derive Bernoulli's equation from Euler's equation of motion along a streamline, stating every assumption made.",
    );
    const last = paper.drafts.at(-1)!;
    expect(last).toMatchObject({ page: 2, type: 'long', section: 'Section B' });
    expect(last.text).toBe(
      'Design a pipe network for a town of 10,000 people, sizing the main and the branches, and estimate the head loss in each.',
    );
    // Nothing of the header, the footers or "P.T.O." is in any draft.
    const all = paper.drafts.map((d) => `${d.text} ${(d.options ?? []).join(' ')}`).join(' ');
    expect(all).not.toMatch(/P\.T\.O|B\.Tech|—|Mechanical|Section/);
    expect(paper.suggested).toEqual({
      examYear: 2024,
      examType: 'end-term',
      maxMarks: 70,
      durationMinutes: 180,
    });
    // The probe's questions carry 65 marks of the 70 printed.
    expect(paper.warnings).toEqual(["The drafts' marks add up to 65 and the paper says 70"]);
  });

  it('when a part is numbered "4(a)", "4.a" or "Q4 (a)", then each is 4(a) with parent 4', async () => {
    for (const [first, second, third] of [
      ['1.', '2(a)', '(b)'],
      ['1.', '2.a', '2.b'],
      ['Q1', 'Q2 (a)', 'Q2 (b)'],
      ['Q.1', 'Q.2(a)', '(b)'],
    ] as const) {
      const paper = await read([
        lines([
          `${first} Explain the purpose of an index in a database table. [4]`,
          `${second} Define a primary key. [2]`,
          [78, `${third} Define a foreign key. [2]`],
        ]),
      ]);
      expect(paper.drafts.map(brief), first).toEqual(['1:4', '2(a)<2:2', '2(b)<2:2']);
    }
  });

  it('when options of a part look like a next part, then they stay options', async () => {
    const paper = await read([
      lines([
        '1 (a) Which of these keeps its items in first in, first out order? [1]',
        [78, '(a) Stack'],
        [78, '(b) Queue'],
        [78, '(c) Tree'],
        [78, '(d) Graph'],
        '2. Explain recursion with one example. [4]',
      ]),
    ]);
    expect(paper.drafts.map(brief)).toEqual(['1(a)<1:1', '2:4']);
    expect(paper.drafts[0]!.options).toEqual(['Stack', 'Queue', 'Tree', 'Graph']);
  });

  it('when a number is out of sequence, then it starts a draft of its own with a warning and lower confidence', async () => {
    const paper = await read([
      lines([
        '1. Explain the purpose of an index in a database table. [4]',
        '2. Define normalisation and state the first normal form. [4]',
        '5. Explain two-phase locking with an example schedule. [4]',
        [78, '1. a numbered hint inside the question stays inside it'],
        '6. Compare B-trees with hash indexes for range queries. [4]',
      ]),
    ]);
    expect(paper.drafts.map(brief)).toEqual(['1:4', '2:4', '5:4', '6:4']);
    expect(paper.drafts[2]!.confidence).toBeLessThan(1);
    expect(paper.drafts[2]!.warnings).toEqual(['Numbered 5 after 2 (expected 3): check the split']);
    expect(paper.drafts[2]!.text).toContain('1. a numbered hint');
    expect(paper.drafts[3]!.warnings).toEqual([]);
  });

  it('when marks sit in a right-hand column level with the first line, then they are read', async () => {
    const paper = await read([
      [
        ...lines([
          '1. Explain the working of a two-pass assembler, with the tables it',
          [78, 'builds in each pass and an example program.'],
          '2. Define a macro and a macro processor.',
        ]),
        { x: 520, y: 780, text: '[8]', size: 10 },
        { x: 520, y: 752, text: '(2 marks)', size: 10 },
      ],
    ]);
    expect(paper.drafts.map(brief)).toEqual(['1:8', '2:2']);
    expect(paper.drafts[0]!.text).toBe(
      'Explain the working of a two-pass assembler, with the tables it builds in each pass and an example program.',
    );
  });

  it('when the marks add up to less than the printed maximum, then the paper warns and the markless draft too', async () => {
    const paper = await read([
      lines([
        'Operating Systems, Mid-Term Test 2023',
        'Duration: 90 minutes Maximum Marks: 30',
        '1. Explain the states of a process. [10]',
        '2. Compare paging and segmentation. [10]',
        '3. What is a semaphore?',
      ]),
    ]);
    expect(paper.suggested).toEqual({
      examYear: 2023,
      examType: 'mid-term',
      maxMarks: 30,
      durationMinutes: 90,
    });
    expect(paper.warnings).toEqual(["The drafts' marks add up to 20 and the paper says 30"]);
    expect(paper.drafts[2]).toMatchObject({
      marks: null,
      warnings: ['No marks found for this question'],
    });
    expect(paper.drafts[2]!.confidence).toBeLessThan(1);
  });

  it('when the paper lets the candidate choose, then more marks than the maximum is no warning', async () => {
    const paper = await read([
      lines([
        'Time: 2 hours Max. Marks: 20',
        'Answer any two questions.',
        '1. Explain the states of a process. [10]',
        '2. Compare paging and segmentation. [10]',
        "3. Explain deadlock avoidance with the banker's algorithm. [10]",
      ]),
    ]);
    expect(paper.suggested.maxMarks).toBe(20);
    expect(paper.suggested.durationMinutes).toBe(120);
    expect(paper.suggested.examYear).toBeNull();
    expect(paper.warnings).toEqual([]);
  });

  it('when a line repeats at the same place on every page, then it is no part of any draft', async () => {
    const header = { x: 60, y: 815, text: 'Roll No. ______ Subject Code: CS301', size: 10 };
    const footer = (n: number) => ({ x: 260, y: 30, text: `Page ${n} of 2`, size: 10 });
    const paper = await read([
      [header, ...lines(['1. Explain the states of a process. [5]']), footer(1)],
      [header, ...lines(['2. Compare paging and segmentation. [5]']), footer(2)],
    ]);
    expect(paper.drafts.map((d) => d.text)).toEqual([
      'Explain the states of a process.',
      'Compare paging and segmentation.',
    ]);
    expect(paper.drafts[1]!.page).toBe(2);
  });

  it('when a page is set in two columns with sections, then the left column is read first and parts keep their section', async () => {
    const column = (x: number, texts: string[]) =>
      texts.map((text, i) => ({ x, y: 760 - 14 * i, text, size: 10 }));
    const paper = await read([
      [
        { x: 150, y: 800, text: 'Computer Networks, Supplementary Examination 2022', size: 14 },
        ...column(50, [
          'Section A',
          '1. Define the OSI model and name',
          '   its seven layers. [5]',
          '2. What does ARP resolve? [2]',
          '3. Explain the TCP three-way',
          '   handshake. [3]',
        ]),
        ...column(310, [
          'Section B',
          '4 (a) Explain sliding window flow',
          '   control. [5]',
          '(b) Compare it with stop-and-wait. [5]',
          '5. Explain distance vector routing',
          '   and count to infinity. [10]',
        ]),
      ],
    ]);
    expect(paper.drafts.map(brief)).toEqual(['1:5', '2:2', '3:3', '4(a)<4:5', '4(b)<4:5', '5:10']);
    expect(paper.drafts.map((d) => d.section)).toEqual([
      'Section A',
      'Section A',
      'Section A',
      'Section B',
      'Section B',
      'Section B',
    ]);
    expect(paper.drafts[0]!.text).toBe('Define the OSI model and name its seven layers.');
    expect(paper.drafts[4]!.text).toBe('Compare it with stop-and-wait.');
    expect(paper.suggested).toMatchObject({ examYear: 2022, examType: 'supplementary' });
  });

  it('when the numbering changes style at the margin, then the next number still starts a question', async () => {
    const paper = await read([
      lines([
        'Q1. Explain the states of a process. [5]',
        'Q2. Compare paging and segmentation. [5]',
        '3. Explain deadlock avoidance with an example. [5]',
        [78, '1. a numbered step inside it stays inside'],
      ]),
    ]);
    expect(paper.drafts.map(brief)).toEqual(['1:5', '2:5', '3:5']);
    expect(paper.drafts[2]!.text).toContain('1. a numbered step');
  });
});
