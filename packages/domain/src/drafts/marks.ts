// Marks as questions print them, at the end of a line: "[5]", "[5 marks]", "(5 marks)", "(5)",
// "5M", "5 Marks", "(2×5=10)" (the total counts). A right-hand marks column sits on the line it
// is level with, which the layout reads as the end of that line, so every line of a question is
// looked at, not only its last: marks after MCQ options, on a stem's first line or on each part.

const NUM = String.raw`(\d{1,3}(?:\.\d+)?)`;
const PRODUCT = String.raw`\d{1,3}\s*[x×*]\s*\d{1,3}\s*=\s*(\d{1,3})`;
const WORD = String.raw`(?:marks?|m)`;

const MARKS_AT_END = [
  new RegExp(String.raw`[[({]\s*${PRODUCT}\s*${WORD}?\s*[\])}]\s*$`, 'i'),
  // OCR may read a square bracket as a brace or a bar: "[1 marks}", "{5]", "[5|".
  new RegExp(String.raw`[[{]\s*${NUM}\s*${WORD}?\s*[\]}|]\s*$`, 'i'),
  new RegExp(String.raw`(?:^|\s)\(\s*${NUM}\s*${WORD}?\s*\)\s*$`, 'i'),
  // `5M` in capitals only: `5m` is a length; `5 marks` in any case.
  new RegExp(String.raw`(?:^|\s)${NUM}\s*(?:M|[Mm][Aa][Rr][Kk][Ss]?)\s*$`),
];

/** The marks printed at the end of a line, and the line without them. */
export function marksOfLine(line: string): { marks: number | null; text: string } {
  for (const pattern of MARKS_AT_END) {
    const match = pattern.exec(line);
    if (match) return { marks: Number(match[1]), text: line.slice(0, match.index).trim() };
  }
  return { marks: null, text: line };
}

/** A line that ends marks wrapped from the line above: `marks]` under `... [5`. */
const WRAPPED_MARKS_END = /^(marks?|m)\b\s*[\])]?\s*$/i;

/** The lines with wrapped marks put back on the line they start on. */
function rejoined(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (out.length > 0 && WRAPPED_MARKS_END.test(line.trim())) out[out.length - 1] += ` ${line}`;
    else out.push(line);
  }
  return out;
}

/**
 * The marks of a question from its lines (several printed marks, one per sub-part, add up),
 * and the lines without them.
 */
export function marksOfLines(lines: readonly string[]): { marks: number | null; lines: string[] } {
  let marks: number | null = null;
  const out: string[] = [];
  for (const line of rejoined(lines)) {
    const found = marksOfLine(line);
    if (found.marks !== null) marks = (marks ?? 0) + found.marks;
    out.push(found.text);
  }
  return { marks, lines: out };
}
