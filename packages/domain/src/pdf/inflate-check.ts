// A decompression bomb is refused before the parser sees it: every stream of the file is decoded
// through the filters its dictionary names (ASCIIHex, ASCII85, LZW, RunLength and Flate, in any
// order, abbreviated or not), as pdf.js would, streaming: every stage's output is counted and
// dropped against one budget for the whole file, and decoding stops as soon as it is spent. So
// the check itself never holds more than a few chunks, whatever a stream expands to. pdf.js has
// no such bound: it grows a buffer until the stream ends, for every stage of a chain.
import { ascii85, asciiHex, flate, lzw, runLength } from './stream-decoders.js';
import type { Stage } from './stream-decoders.js';
import { PdfText } from './stream-dictionary.js';
import type { PdfValue } from './stream-dictionary.js';

const STREAM = Buffer.from('stream', 'latin1');
const END_STREAM = Buffer.from('endstream', 'latin1');
const SLICE = 64 * 1024;

/** Filters that decode an image: not followed (their output is bounded by the reader's limits). */
const IMAGE_FILTERS = new Set([
  'DCTDecode',
  'DCT',
  'JPXDecode',
  'CCITTFaxDecode',
  'CCF',
  'JBIG2Decode',
]);

/** The stage of a filter (pdf.js's names and abbreviations); undefined for one it passes through. */
function stageOf(name: string, params: PdfValue): Stage | undefined {
  switch (name) {
    case 'FlateDecode':
    case 'Fl':
      return flate;
    case 'ASCIIHexDecode':
    case 'AHx':
      return asciiHex;
    case 'ASCII85Decode':
    case 'A85':
      return ascii85;
    case 'RunLengthDecode':
    case 'RL':
      return runLength;
    case 'LZWDecode':
    case 'LZW': {
      const early = params instanceof Map ? params.get('EarlyChange') : undefined;
      return lzw(typeof early === 'number' ? early : 1);
    }
    default:
      return undefined;
  }
}

/** True when `bytes` start with a zlib header (deflate, any window): what pdf.js inflates. */
function isZlib(bytes: Buffer): boolean {
  const [cmf = 0, flg = 0] = bytes;
  return (cmf & 0x0f) === 8 && ((cmf << 8) + flg) % 31 === 0;
}

/**
 * The decoding stages a stream's dictionary asks for, in order. A dictionary that cannot be read,
 * or filters named by an object the text does not hold (one inside an object stream), leave
 * only the bytes to go by: zlib data is inflated.
 */
function chainOf(pdf: PdfText, dict: Map<string, PdfValue> | null, body: Buffer): Stage[] {
  const guess = isZlib(body) ? [flate] : [];
  if (!dict) return guess;
  // pdf.js reads `F` before `Filter`, and `DP` before `DecodeParms`.
  const named = dict.get('F') ?? dict.get('Filter');
  const filter = pdf.resolve(named);
  if (named && filter === null) return guess;
  const params = pdf.resolve(dict.get('DP') ?? dict.get('DecodeParms'));
  const names = Array.isArray(filter) ? filter.map((f) => pdf.resolve(f)) : [filter];
  const stages: Stage[] = [];
  for (const [i, name] of names.entries()) {
    if (!name || typeof name !== 'object' || !('name' in name)) break;
    if (IMAGE_FILTERS.has(name.name)) break;
    const param = Array.isArray(params) ? pdf.resolve(params[i]) : params;
    const stage = stageOf(name.name, param);
    if (stage) stages.push(stage);
  }
  return stages;
}

type StreamDict = Map<string, PdfValue> | null;

/** Each stream's dictionary and bytes. */
function* streams(data: Buffer, pdf: PdfText): Generator<[StreamDict, Buffer]> {
  let from = 0;
  for (;;) {
    const at = data.indexOf(STREAM, from);
    if (at < 0) return;
    // Every keyword is looked at, even inside another stream's bytes: a reader following the
    // cross-reference table may start an object anywhere.
    from = at + STREAM.length;
    let start = from;
    const isCrLf = data[start] === 0x0d && data[start + 1] === 0x0a;
    if (isCrLf) start += 2;
    // `endstream` holds `stream` too: only the keyword followed by an end of line opens one.
    else if (data[start] === 0x0a || data[start] === 0x0d) start += 1;
    else continue;
    const dict = pdf.streamDictionary(at);
    const end = bodyEnd(data, pdf, dict, start);
    if (end >= 0) yield [dict, data.subarray(start, end)];
  }
}

/** The end of a stream's bytes: by its `/Length` when `endstream` follows there, else by search. */
function bodyEnd(data: Buffer, pdf: PdfText, dict: StreamDict, start: number): number {
  const length = pdf.resolve(dict?.get('Length'));
  if (typeof length === 'number' && length >= 0 && start + length <= data.length) {
    let after = start + length;
    while (after < data.length && /\s/.test(String.fromCharCode(data[after]!))) after += 1;
    if (data.subarray(after, after + END_STREAM.length).equals(END_STREAM)) return start + length;
  }
  return data.indexOf(END_STREAM, start);
}

class BudgetSpent extends Error {}

async function* slices(bytes: Buffer): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += SLICE) yield bytes.subarray(at, at + SLICE);
}

/** Counts what a stage yields (bytes, or counts of bytes) against `budget`; BudgetSpent once out. */
async function* counted(
  stage: AsyncIterable<Uint8Array | number>,
  budget: { left: number },
): AsyncGenerator<Uint8Array> {
  for await (const chunk of stage) {
    budget.left -= typeof chunk === 'number' ? chunk : chunk.length;
    if (budget.left < 0) throw new BudgetSpent();
    if (typeof chunk !== 'number') yield chunk;
  }
}

/** Decodes `bytes` through `stages`, counting each stage's output; false once the budget is spent. */
async function decodeWithin(
  bytes: Buffer,
  stages: Stage[],
  budget: { left: number },
): Promise<boolean> {
  let source: AsyncIterable<Uint8Array> = slices(bytes);
  // The last stage's bytes are only counted: it may count without making them.
  stages.forEach((stage, i) => {
    source = counted(stage(source, i === stages.length - 1), budget);
  });
  try {
    for await (const chunk of source) void chunk;
    return true;
  } catch (error) {
    if (error instanceof BudgetSpent) return false;
    // A stage that breaks ends the stream: what came out stands; the parser decides the rest.
    return true;
  }
}

/** The reason a file's streams decode past `maxBytes` together, or null when they do not. */
export async function inflatedSizeIssue(data: Buffer, maxBytes: number): Promise<string | null> {
  const pdf = new PdfText(data.toString('latin1'));
  const budget = { left: maxBytes };
  for (const [dict, body] of streams(data, pdf)) {
    const stages = chainOf(pdf, dict, body);
    if (stages.length === 0) continue;
    if (!(await decodeWithin(body, stages, budget))) {
      return `its compressed streams expand past ${Math.round(maxBytes / 1024 / 1024)} MiB`;
    }
  }
  return null;
}
