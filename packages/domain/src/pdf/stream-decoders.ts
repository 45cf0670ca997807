// The PDF stream filters pdf.js applies to what it reads (ASCIIHex, ASCII85, LZW, RunLength,
// Flate), as streaming stages: each takes its input in chunks and yields its output in chunks of
// at most OUT_CHUNK bytes, pulled by the next stage. Nothing holds more than a chunk, so a chain
// can be followed to the end, or until a budget runs out, without ever holding what it expands
// to. They decode as pdf.js does (its src/core/*_stream.js), so a chain's later stages see the
// same bytes pdf.js would. Damaged input ends a stage's output, as it ends pdf.js's.
import { once } from 'node:events';
import { constants, createInflate } from 'node:zlib';

/**
 * A stage of a chain: the decoded form of its input. With `countOnly` (the last stage, whose
 * bytes nobody reads) a stage may yield how many bytes it decoded instead of the bytes.
 */
export type Stage = (
  input: AsyncIterable<Uint8Array>,
  countOnly?: boolean,
) => AsyncGenerator<Uint8Array | number>;

const OUT_CHUNK = 64 * 1024;

/** Collects output bytes; `full` once a chunk's worth is there. */
class Output {
  private buffer = new Uint8Array(OUT_CHUNK);
  length = 0;

  push(byte: number): void {
    this.buffer[this.length++] = byte;
  }

  get full(): boolean {
    return this.length === OUT_CHUNK;
  }

  take(): Uint8Array {
    const chunk = this.buffer.slice(0, this.length);
    this.length = 0;
    return chunk;
  }
}

const isWhiteSpace = (c: number) =>
  c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a || c === 0x0c || c === 0x00;

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if ((c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)) return (c & 0x0f) + 9;
  return -1;
}

const ALL_HEX = /^[0-9a-fA-F]*$/;

/** ASCIIHexDecode: two hex digits a byte, anything else skipped, `>` ends it. */
export async function* asciiHex(
  input: AsyncIterable<Uint8Array>,
  countOnly = false,
): AsyncGenerator<Uint8Array | number> {
  const out = new Output();
  let high = -1;
  outer: for await (const chunk of input) {
    const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    // Digits only (most hex data): decoded natively, an odd one carried to the next chunk.
    if (high < 0 && out.length === 0 && ALL_HEX.test(text)) {
      const even = text.length - (text.length % 2);
      yield countOnly ? even / 2 : Buffer.from(text.slice(0, even), 'hex');
      if (even < text.length) high = hexValue(text.charCodeAt(even));
      continue;
    }
    for (const c of chunk) {
      if (c === 0x3e) break outer;
      const digit = hexValue(c);
      if (digit < 0) continue;
      if (high < 0) high = digit;
      else {
        out.push((high << 4) | digit);
        high = -1;
        if (out.full) yield out.take();
      }
    }
    if (out.length > 0) yield out.take();
  }
  if (high >= 0) out.push(high << 4);
  if (out.length > 0) yield out.take();
}

/** ASCII85Decode: five characters `!`..`u` make four bytes, `z` four zeros, `~` ends it. */
export async function* ascii85(
  input: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array | number> {
  const out = new Output();
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i += 1) value = value * 85 + ((group[i] ?? 0x75) - 0x21);
    for (let i = 3; i >= 0 && 4 - i <= count; i -= 1) out.push((value >>> (i * 8)) & 0xff);
  };
  outer: for await (const chunk of input) {
    for (const c of chunk) {
      if (c === 0x7e) break outer;
      if (isWhiteSpace(c)) continue;
      if (c === 0x7a && group.length === 0) {
        for (let i = 0; i < 4; i += 1) out.push(0);
      } else {
        group.push(c);
        if (group.length === 5) {
          flush(4);
          group.length = 0;
        }
      }
      if (out.length > OUT_CHUNK - 4) yield out.take();
    }
  }
  if (group.length > 1) flush(group.length - 1);
  if (out.length > 0) yield out.take();
}

/** RunLengthDecode: n < 128 copies n + 1 bytes, n > 128 repeats one byte 257 - n times, 128 ends. */
export async function* runLength(
  input: AsyncIterable<Uint8Array>,
  countOnly = false,
): AsyncGenerator<Uint8Array | number> {
  const out = new Output();
  let copy = 0;
  let repeat = 0;
  outer: for await (const chunk of input) {
    let counted = 0;
    for (const c of chunk) {
      if (countOnly && (copy > 0 || repeat > 0)) {
        // Only the sizes matter: a copied byte is one, a repeated run its length.
        counted += copy > 0 ? 1 : repeat;
        if (copy > 0) copy -= 1;
        else repeat = 0;
      } else if (copy > 0) {
        out.push(c);
        copy -= 1;
        if (out.full) yield out.take();
      } else if (repeat > 0) {
        for (; repeat > 0; repeat -= 1) {
          out.push(c);
          if (out.full) yield out.take();
        }
      } else if (c === 128) break outer;
      else if (c < 128) copy = c + 1;
      else repeat = 257 - c;
    }
    if (counted > 0) yield counted;
  }
  if (out.length > 0) yield out.take();
}

const LZW_TABLE = 4096;

/** LZWDecode, as pdf.js reads it: 9 to 12-bit codes, 256 clears, 257 ends; `earlyChange` 1 or 0. */
export function lzw(earlyChange = 1): Stage {
  return async function* (input, countOnly = false) {
    const out = new Output();
    const values = new Uint8Array(LZW_TABLE);
    const lengths = new Uint16Array(LZW_TABLE);
    const prevCodes = new Uint16Array(LZW_TABLE);
    /** The first byte of each code's sequence. */
    const firsts = new Uint8Array(LZW_TABLE);
    for (let i = 0; i < 256; i += 1) {
      values[i] = i;
      lengths[i] = 1;
      firsts[i] = i;
    }
    const sequence = new Uint8Array(LZW_TABLE + 1);
    let sequenceLength = 0;
    let nextCode = 258;
    let codeLength = 9;
    let prevCode = 0;
    let cached = 0;
    let bits = 0;
    let counted = 0;
    for await (const chunk of input) {
      if (counted > 0) yield counted;
      counted = 0;
      for (const c of chunk) {
        cached = ((cached << 8) | c) & 0xffffff;
        bits += 8;
        while (bits >= codeLength) {
          bits -= codeLength;
          const code = (cached >>> bits) & ((1 << codeLength) - 1);
          const hasPrev = sequenceLength > 0;
          if (code < 256) {
            sequence[0] = code;
            sequenceLength = 1;
          } else if (code >= 258) {
            if (code < nextCode) {
              sequenceLength = lengths[code]!;
              // Counting needs only a sequence's first byte (the next entry's last one).
              sequence[0] = firsts[code]!;
              if (!countOnly) {
                for (let j = sequenceLength - 1, q = code; j >= 0; j -= 1) {
                  sequence[j] = values[q]!;
                  q = prevCodes[q]!;
                }
              }
            } else if (sequenceLength < sequence.length) {
              if (!countOnly) sequence[sequenceLength] = sequence[0]!;
              sequenceLength += 1;
            }
          } else if (code === 256) {
            codeLength = 9;
            nextCode = 258;
            sequenceLength = 0;
            continue;
          } else {
            if (out.length > 0) yield out.take();
            if (counted > 0) yield counted;
            return;
          }
          if (hasPrev) {
            if (nextCode < LZW_TABLE) {
              prevCodes[nextCode] = prevCode;
              lengths[nextCode] = lengths[prevCode]! + 1;
              values[nextCode] = sequence[0]!;
              firsts[nextCode] = firsts[prevCode]!;
            }
            nextCode += 1;
            const n = nextCode + earlyChange;
            if ((n & (n - 1)) === 0) codeLength = Math.min(Math.log2(n) + 1, 12);
          }
          prevCode = code;
          if (countOnly) counted += sequenceLength;
          else {
            for (let j = 0; j < sequenceLength; j += 1) {
              out.push(sequence[j]!);
              if (out.full) yield out.take();
            }
          }
        }
      }
    }
    if (out.length > 0) yield out.take();
    if (counted > 0) yield counted;
  };
}

/** FlateDecode (zlib), through Node's zlib: what it inflates, until the data ends or breaks. */
export async function* flate(
  input: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array | number> {
  const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: OUT_CHUNK });
  let upstreamError: unknown;
  // Fed as the output is read: zlib stops taking input while its output waits.
  const feed = (async () => {
    try {
      for await (const chunk of input) {
        if (inflate.destroyed) return;
        if (!inflate.write(chunk) && !inflate.destroyed) {
          await Promise.race([once(inflate, 'drain'), once(inflate, 'close')]);
        }
      }
      if (!inflate.destroyed) inflate.end();
    } catch (error) {
      upstreamError = error;
      inflate.destroy();
    }
  })();
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) yield chunk;
  } catch {
    // Damaged or not zlib data: what came out stands.
  } finally {
    inflate.destroy();
    await feed;
  }
  if (upstreamError) throw upstreamError;
}
