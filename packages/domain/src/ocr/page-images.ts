// The images each page of a PDF draws, read from the PDF's objects (pdf-lib) without decoding
// them: how large each says it is, and whether its data is whole. A page is only drawn for OCR
// after this look, so an image of 20,000 × 20,000 pixels or a damaged stream is named in a
// warning instead of being decoded (a 400-megapixel image takes more than a gigabyte to draw).
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';

/** An image a page draws, as its dictionary declares it. */
export interface PageImage {
  width: number;
  height: number;
  /** Why its data cannot be decoded, or null when it looks whole. */
  damage: string | null;
}

/** Form XObjects nested deeper than this are not looked into. */
const MAX_FORM_DEPTH = 3;

function numberOf(dict: PDFDict, key: string): number {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : 0;
}

function filtersOf(dict: PDFDict): string[] {
  const value = dict.lookup(PDFName.of('Filter'));
  if (value instanceof PDFName) return [value.decodeText()];
  if (value instanceof PDFArray) {
    return value.asArray().map((v) => (v instanceof PDFName ? v.decodeText() : ''));
  }
  return [];
}

/** Why a JPEG stream cannot be whole (no start or end marker), else null. */
function jpegDamage(data: Uint8Array): string | null {
  if (data[0] !== 0xff || data[1] !== 0xd8) return 'its JPEG data does not start as JPEG';
  // The end-of-image marker may be followed by a few bytes of padding.
  const tail = data.subarray(Math.max(0, data.length - 16));
  for (let i = tail.length - 2; i >= 0; i -= 1) {
    if (tail[i] === 0xff && tail[i + 1] === 0xd9) return null;
  }
  return 'its JPEG data ends early';
}

/** Why a Flate image stream cannot be whole (it does not inflate to its size), else null. */
function flateDamage(data: Uint8Array, expected: number): string | null {
  try {
    // Bounded: a stream that would inflate past its image's size is cut there.
    const out = inflateSync(data, { maxOutputLength: Math.max(1, expected) + 1 });
    return out.length < expected ? 'its compressed data ends early' : null;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') return null;
    return 'its compressed data is damaged';
  }
}

function damageOf(stream: PDFRawStream, width: number, height: number): string | null {
  const filters = filtersOf(stream.dict);
  const last = filters.at(-1);
  if (filters.length === 1 && (last === 'DCTDecode' || last === 'DCT')) {
    return jpegDamage(stream.contents);
  }
  if (filters.length === 1 && (last === 'FlateDecode' || last === 'Fl')) {
    const bits = numberOf(stream.dict, 'BitsPerComponent') || 8;
    const params = stream.dict.lookup(PDFName.of('DecodeParms'));
    // With a predictor each row carries a byte more: only its lower bound is checked.
    const colors = params instanceof PDFDict ? numberOf(params, 'Colors') || 1 : 1;
    const isMask = stream.dict.lookup(PDFName.of('ImageMask')) !== undefined;
    const components = isMask ? 1 : Math.max(colors, componentsOf(stream.dict));
    return flateDamage(stream.contents, Math.ceil((width * components * bits) / 8) * height);
  }
  return null;
}

function componentsOf(dict: PDFDict): number {
  const space = dict.lookup(PDFName.of('ColorSpace'));
  const name = space instanceof PDFName ? space.decodeText() : '';
  if (name === 'DeviceRGB' || name === 'CalRGB') return 3;
  if (name === 'DeviceCMYK') return 4;
  return 1;
}

function imagesOf(resources: PDFDict | undefined, depth: number, out: PageImage[]): void {
  const xobjects = resources?.lookup(PDFName.of('XObject'));
  if (!(xobjects instanceof PDFDict)) return;
  for (const key of xobjects.keys()) {
    const object = xobjects.lookup(key);
    if (!(object instanceof PDFRawStream)) continue;
    const subtype = object.dict.lookup(PDFName.of('Subtype'));
    if (subtype === PDFName.of('Image')) {
      const width = numberOf(object.dict, 'Width');
      const height = numberOf(object.dict, 'Height');
      out.push({ width, height, damage: damageOf(object, width, height) });
    } else if (subtype === PDFName.of('Form') && depth < MAX_FORM_DEPTH) {
      const inner = object.dict.lookup(PDFName.of('Resources'));
      imagesOf(inner instanceof PDFDict ? inner : undefined, depth + 1, out);
    }
  }
}

/** The images each page draws (page 1 first), from the PDF's bytes. */
export async function pageImagesOf(data: Uint8Array): Promise<PageImage[][]> {
  const doc = await PDFDocument.load(data, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  });
  return doc.getPages().map((page) => {
    const out: PageImage[] = [];
    imagesOf(page.node.Resources(), 0, out);
    return out;
  });
}
