// Just enough of PDF's object syntax to read a stream's dictionary as pdf.js does: which filters
// it names (`/Filter`, or `/F`, which pdf.js takes first), their parameters (`/DecodeParms` or
// `/DP`), and its `/Length`; values given by reference (`5 0 R`) are looked up in the file.

/** A parsed PDF value: names keep their `/`-less text, references are `{ ref }`. */
export type PdfValue =
  { name: string } | { ref: string } | number | PdfValue[] | Map<string, PdfValue> | null;

const DELIMITERS = new Set('()<>[]{}/%'.split('').map((c) => c.charCodeAt(0)));
const isSpace = (c: number) =>
  c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a || c === 0x0c || c === 0x00;

/** A reader of PDF tokens over latin1 text. */
class Tokens {
  constructor(
    private readonly text: string,
    public at = 0,
  ) {}

  private skipSpace(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.at);
      if (isSpace(c)) this.at += 1;
      else if (c === 0x25) {
        // A comment runs to the end of the line.
        while (this.at < this.text.length && !/[\r\n]/.test(this.text[this.at]!)) this.at += 1;
      } else return;
    }
  }

  /** The next token: `<<`, `>>`, `[`, `]`, `/Name`, `(string)`, `<hex>`, or a word. */
  next(): string | null {
    this.skipSpace();
    if (this.at >= this.text.length) return null;
    const start = this.at;
    const c = this.text[this.at]!;
    const pair = this.text.slice(this.at, this.at + 2);
    if (pair === '<<' || pair === '>>') {
      this.at += 2;
      return pair;
    }
    if (c === '[' || c === ']' || c === '{' || c === '}') {
      this.at += 1;
      return c;
    }
    if (c === '(') {
      let depth = 0;
      for (; this.at < this.text.length; this.at += 1) {
        const d = this.text[this.at];
        if (d === '\\') this.at += 1;
        else if (d === '(') depth += 1;
        else if (d === ')' && --depth === 0) break;
      }
      this.at += 1;
      return '()';
    }
    if (c === '<') {
      const end = this.text.indexOf('>', this.at);
      this.at = end < 0 ? this.text.length : end + 1;
      return '<>';
    }
    this.at += 1;
    while (this.at < this.text.length) {
      const d = this.text.charCodeAt(this.at);
      if (isSpace(d) || DELIMITERS.has(d)) break;
      this.at += 1;
    }
    return this.text.slice(start, this.at);
  }
}

/** A name's text with its `#xx` escapes decoded (`/Fl#61teDecode` is FlateDecode). */
function nameOf(token: string): string {
  return token
    .slice(1)
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Parses one value at the reader's position (nesting bounded by `depth`). */
function parseValue(tokens: Tokens, token: string | null, depth = 0): PdfValue {
  if (token === null || depth > 32) return null;
  if (token.startsWith('/')) return { name: nameOf(token) };
  if (token === '[') {
    const items: PdfValue[] = [];
    for (let t = tokens.next(); t !== null && t !== ']'; t = tokens.next()) {
      items.push(parseValue(tokens, t, depth + 1));
      resolveReference(tokens, items);
    }
    return items;
  }
  if (token === '<<') {
    const dict = new Map<string, PdfValue>();
    for (let t = tokens.next(); t !== null && t !== '>>'; t = tokens.next()) {
      if (!t.startsWith('/')) continue;
      const key = nameOf(t);
      const value = parseValue(tokens, tokens.next(), depth + 1);
      const holder = [value];
      resolveReference(tokens, holder);
      dict.set(key, holder[0]!);
    }
    return dict;
  }
  if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) return Number(token);
  return null;
}

/** Turns `N G R` (the last three items read) into one reference, when that is what they are. */
function resolveReference(tokens: Tokens, items: PdfValue[]): void {
  const [value] = items.slice(-1);
  if (typeof value !== 'number' || !Number.isInteger(value)) return;
  const mark = tokens.at;
  const generation = tokens.next();
  const r = tokens.next();
  if (generation !== null && /^\d+$/.test(generation) && r === 'R') {
    items[items.length - 1] = { ref: `${value} ${generation}` };
    return;
  }
  tokens.at = mark;
}

const OBJECT_HEADER = /(?:^|[^\d])(\d+)\s+(\d+)\s+obj\b/g;

/** A PDF's bytes as latin1 text, with its objects found once (by their `N G obj` headers). */
export class PdfText {
  private objects: Map<string, number> | undefined;

  constructor(readonly text: string) {}

  /** The dictionary that opens the stream whose keyword is at `streamAt`, or null. */
  streamDictionary(streamAt: number): Map<string, PdfValue> | null {
    let start = -1;
    // Its `N G obj` header, nearest first; else the last `<<` before the keyword.
    for (const reach of [4 * 1024, 64 * 1024]) {
      const from = Math.max(0, streamAt - reach);
      const header = [...this.text.slice(from, streamAt).matchAll(OBJECT_HEADER)].pop();
      if (header) {
        start = from + header.index + header[0].length;
        break;
      }
    }
    if (start < 0) start = this.text.lastIndexOf('<<', streamAt);
    if (start < 0) return null;
    const tokens = new Tokens(this.text, start);
    const value = parseValue(tokens, tokens.next());
    return value instanceof Map ? value : null;
  }

  /** The value of object `ref` (`N G`) as the file defines it last, or null when not in the text. */
  objectValue(ref: string): PdfValue {
    if (!this.objects) {
      this.objects = new Map();
      for (const found of this.text.matchAll(OBJECT_HEADER)) {
        this.objects.set(`${found[1]} ${found[2]}`, found.index + found[0].length);
      }
    }
    const at = this.objects.get(ref);
    if (at === undefined) return null;
    const tokens = new Tokens(this.text, at);
    return parseValue(tokens, tokens.next());
  }

  /** `value`, or the value of the object it refers to. */
  resolve(value: PdfValue | undefined): PdfValue {
    if (value && typeof value === 'object' && 'ref' in value) return this.objectValue(value.ref);
    return value ?? null;
  }
}
