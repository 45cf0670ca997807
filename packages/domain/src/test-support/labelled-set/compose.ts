// One paper of the labelled set from its seed: a subject's questions in a drawn layout, what it
// prints (title block, instructions, sections, questions, parts) and what reading it must give
// back (the expected drafts, the sitting and whether its marks disagree with its maximum).
import { drawLayout } from './layout.js';
import type { SetLayout } from './layout.js';
import { marksLabel, optionLabel, partLabel, questionLabel, sectionLabel } from './printing.js';
import { seeded } from './random.js';
import type { Random } from './random.js';
import type { SetQuestion, SetSubject } from './subject.js';

/** A draft reading the paper must give. */
export interface ExpectedDraft {
  number: string;
  parent: string | null;
  section: string | null;
  text: string;
  marks: number | null;
  options: string[] | null;
  /** The topic's title. */
  topic: string;
}

/** The sitting the paper prints. */
export interface ExpectedSitting {
  examYear: number;
  examType: 'end-term' | 'mid-term' | 'supplementary' | 'quiz';
  maxMarks: number;
  durationMinutes: number;
}

/** A paper's labels: what reading it must give. */
export interface ExpectedPaper {
  name: string;
  subject: string;
  seed: number;
  layout: SetLayout;
  suggested: ExpectedSitting;
  /** True when the drafts' marks add up to another figure than the printed maximum. */
  hasTotalWarning: boolean;
  drafts: ExpectedDraft[];
}

/** A printed item: a question's first line carries its number; `cells` print side by side. */
export interface PrintedItem {
  kind: 'title' | 'instruction' | 'section' | 'line';
  text: string;
  /** Points right of the column's margin. */
  indent: number;
  /** Marks printed in the right-hand column, level with this line. */
  marksNote?: string;
  /** Runs printed apart on one line (two options a line; time and maximum marks). */
  cells?: string[];
  /** Wrap the text to the column (question lines). */
  wraps?: boolean;
  /** Space before, in lines (between questions). */
  gapBefore?: number;
}

/** A whole paper: how it is printed, and its labels. */
export interface ComposedPaper {
  printed: { layout: SetLayout; header: string | null; items: PrintedItem[] };
  expected: ExpectedPaper;
}

const INSTITUTIONS = [
  'Northfield Institute of Technology',
  'Riverside University of Engineering',
  'Eastern State Technical University',
  'Lakeshore College of Engineering',
];
const EXAMS: [string, ExpectedSitting['examType']][] = [
  ['End-Term Examination', 'end-term'],
  ['End Semester Examination', 'end-term'],
  ['Mid-Term Examination', 'mid-term'],
  ['Mid Semester Test', 'mid-term'],
  ['Supplementary Examination', 'supplementary'],
  ['Class Test', 'quiz'],
];
const MONTHS = ['May', 'December', 'November', 'April', 'June'];
const DURATIONS: [number, string][] = [
  [180, '3 Hours'],
  [180, '3 hours'],
  [120, '2 hours'],
  [90, '90 minutes'],
  [150, '2 hours 30 minutes'],
  [60, '1 hour'],
];
const TIME_WORDS = ['Time', 'Duration', 'Time Allowed'];
const MAX_WORDS = ['Max. Marks', 'Maximum Marks', 'Full Marks', 'Total Marks'];
const NUMBER_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** The questions of a paper: some of the bank, with at least one mcq and one in parts. */
function pickQuestions(subject: SetSubject, random: Random): SetQuestion[] {
  const shuffled = random.shuffle(subject.bank);
  const count = random.int(7, 11);
  const chosen = shuffled.slice(0, count);
  for (const wanted of [(b: SetQuestion) => !!b.options, (b: SetQuestion) => !!b.parts]) {
    if (!chosen.some(wanted)) {
      const extra = shuffled.slice(count).find(wanted);
      if (extra) chosen.push(extra);
    }
  }
  // Multiple-choice questions first, as papers set them.
  return [...chosen.filter((b) => b.options), ...chosen.filter((b) => !b.options)];
}

/** Splits the questions into sections (mcqs in the first), or one unnamed section. */
function sectionsOf(questions: SetQuestion[], layout: SetLayout): SetQuestion[][] {
  if (layout.sections === 'none') return [questions];
  const mcqs = questions.filter((b) => b.options);
  const rest = questions.filter((b) => !b.options);
  const cut = Math.ceil(rest.length / 2);
  return [mcqs.length ? mcqs : rest.slice(0, cut), ...(mcqs.length ? [rest] : [rest.slice(cut)])];
}

interface Builder {
  items: PrintedItem[];
  drafts: ExpectedDraft[];
}

function printQuestion(
  b: Builder,
  layout: SetLayout,
  question: SetQuestion,
  n: number,
  section: string | null,
) {
  const marksOf = (m: number) =>
    question.options && layout.mcqMarksInHeading ? null : marksLabel(layout, m);
  const inColumn = layout.marksPlace === 'column';
  if (question.parts) {
    question.parts.forEach((part, i) => {
      const [label, number] = partLabel(layout, n, i);
      const marks = marksOf(part.marks)!;
      b.items.push({
        kind: 'line',
        text: `${label} ${part.text}${inColumn ? '' : ` ${marks}`}`,
        indent: i === 0 || !label.startsWith('(') ? 0 : 16,
        wraps: true,
        gapBefore: i === 0 ? 0.5 : 0,
        ...(inColumn ? { marksNote: marks } : {}),
      });
      b.drafts.push({
        number,
        parent: String(n),
        section,
        text: part.text,
        marks: part.marks,
        options: null,
        topic: question.topic,
      });
    });
    return;
  }
  const marks = marksOf(question.marks);
  const options = question.options ?? [];
  const marked = (text: string) => (marks && !inColumn ? `${text} ${marks}` : text);
  const labelled = options.map((o, i) => `${optionLabel(layout, i)} ${o}`);
  const note = marks && inColumn ? { marksNote: marks } : {};
  const head = `${questionLabel(layout, n)} ${question.text}`;
  // Two options a line only where they fit side by side in the column.
  const widest = Math.max(...labelled.map((o, i) => (i === 3 ? marked(o) : o).length));
  const fits = widest <= (layout.columns === 2 ? 18 : 38);
  const optionsLayout =
    layout.optionsLayout === 'twoPerLine' && !fits ? 'perLine' : layout.optionsLayout;
  if (!options.length || optionsLayout === 'inline') {
    const text = options.length ? `${head} ${labelled.join(' ')}` : head;
    b.items.push({
      kind: 'line',
      text: marked(text),
      indent: 0,
      wraps: true,
      gapBefore: 0.5,
      ...note,
    });
  } else {
    const atStem = layout.marksPlace === 'stem';
    b.items.push({
      kind: 'line',
      text: atStem ? marked(head) : head,
      indent: 0,
      wraps: true,
      gapBefore: 0.5,
      ...note,
    });
    const rows =
      optionsLayout === 'perLine'
        ? labelled.map((o) => [o])
        : [labelled.slice(0, 2), labelled.slice(2, 4)];
    rows.forEach((row, i) => {
      const isLast = i === rows.length - 1;
      const cells = isLast && !atStem ? [...row.slice(0, -1), marked(row.at(-1)!)] : row;
      b.items.push({ kind: 'line', text: cells.join(' '), cells, indent: 16 });
    });
  }
  b.drafts.push({
    number: String(n),
    parent: null,
    section,
    text: question.text,
    marks: marks ? question.marks : null,
    options: options.length ? [...options] : null,
    topic: question.topic,
  });
}

/** The paper of `subject` drawn from `seed`; `index` spreads the layouts over the set. */
export function composePaper(subject: SetSubject, seed: number, index: number): ComposedPaper {
  const random = seeded(seed);
  const layout = drawLayout(random, index);
  const questions = pickQuestions(subject, random);
  const sections = sectionsOf(questions, layout);
  const [exam, examType] = random.pick(EXAMS);
  const examYear = random.int(2015, 2025);
  const [durationMinutes, duration] = random.pick(DURATIONS);
  const institution = random.pick(INSTITUTIONS);
  const b: Builder = { items: [], drafts: [] };
  b.items.push({ kind: 'title', text: institution, indent: 0 });
  b.items.push({
    kind: 'title',
    text: `B.Tech. ${exam}, ${random.pick(MONTHS)} ${examYear}`,
    indent: 0,
  });
  b.items.push({
    kind: 'title',
    text: `${subject.name} (Paper ${random.int(201, 499)})`,
    indent: 0,
  });
  const skipAt = layout.skipsNumber ? random.int(3, Math.max(3, questions.length - 1)) : -1;
  let n = 0;
  let printedCount = 0;
  const body: PrintedItem[] = [];
  const bodyBuilder: Builder = { items: body, drafts: b.drafts };
  sections.forEach((list, s) => {
    let section: string | null = null;
    if (layout.sections !== 'none') {
      const allMcq = list.every((x) => x.options);
      const note =
        allMcq && layout.mcqMarksInHeading ? ` (${list.length} × 1 = ${list.length} marks)` : '';
      const [heading, name] = sectionLabel(layout, s, note);
      section = name;
      if (layout.restartsPerSection) n = 0;
      body.push({ kind: 'section', text: heading, indent: 0, gapBefore: 1 });
    }
    for (const question of list) {
      printedCount += 1;
      n += printedCount === skipAt ? 2 : 1;
      printQuestion(bodyBuilder, layout, question, n, section);
    }
  });
  const total = b.drafts.reduce((sum, d) => sum + (d.marks ?? 0), 0);
  const allMarks = questions.reduce((sum, x) => sum + x.marks, 0);
  const choose = layout.hasChoice ? Math.max(2, questions.length - 2) : 0;
  let maxMarks = layout.hasChoice ? Math.round(allMarks * 0.7) : allMarks;
  if (layout.hasWrongMaximum) maxMarks += 5;
  const time = `${random.pick(TIME_WORDS)}: ${duration}`;
  const max = `${random.pick(MAX_WORDS)}: ${maxMarks}`;
  if (random.chance(0.5))
    b.items.push({ kind: 'instruction', text: `${time} ${max}`, cells: [time, max], indent: 0 });
  else {
    b.items.push({ kind: 'instruction', text: time, indent: 0 });
    b.items.push({ kind: 'instruction', text: max, indent: 0 });
  }
  if (layout.hasChoice) {
    b.items.push({
      kind: 'instruction',
      text: `Answer any ${NUMBER_WORDS[choose] ?? choose} questions.`,
      indent: 0,
    });
  } else if (random.chance(0.5)) {
    b.items.push({
      kind: 'instruction',
      text: 'Answer all questions. Figures on the right indicate full marks.',
      indent: 0,
    });
  }
  b.items.push(...body);
  const name = `${subject.name.toLowerCase().replace(/\s+/g, '-')}-${String(index + 1).padStart(2, '0')}`;
  return {
    printed: {
      layout,
      header: layout.hasHeader ? `${institution} - ${exam} ${examYear}` : null,
      items: b.items,
    },
    expected: {
      name,
      subject: subject.name,
      seed,
      layout,
      suggested: { examYear, examType, maxMarks, durationMinutes },
      hasTotalWarning: !layout.hasChoice && total !== maxMarks,
      drafts: b.drafts,
    },
  };
}
