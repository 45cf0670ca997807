// PDFs a scanner or a careless tool can make, for the tests of reading drafts: a locked file, a
// page whose image is damaged, an image that says it is 20,000 pixels wide.
import { assemblePdf } from '../pdf/write.js';

/**
 * A one-page PDF locked with a user password: its Standard security handler asks for one (the
 * empty password does not match), which is all a reader sees before refusing it.
 */
export function passwordPdf(): Buffer {
  const hex = (byte: string) => `<${byte.repeat(32)}>`;
  const pdf = assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /Filter /Standard /V 1 /R 2 /O ${hex('4f')} /U ${hex('55')} /P -4 >>`,
  ]).toString('latin1');
  const id = `<${'ab'.repeat(16)}>`;
  return Buffer.from(
    pdf.replace('/Root 1 0 R >>', `/Root 1 0 R /Encrypt 4 0 R /ID [${id} ${id}] >>`),
    'latin1',
  );
}

/** JPEG bytes cut in half: the header is whole, the picture is not. */
export function truncatedJpeg(jpeg: Uint8Array): Uint8Array {
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

/** JPEG bytes whose header says the picture is `width` × `height` pixels. */
export function resizedJpegHeader(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const out = Uint8Array.from(jpeg);
  for (let i = 2; i + 9 < out.length;) {
    if (out[i] !== 0xff) break;
    const marker = out[i + 1]!;
    const length = (out[i + 2]! << 8) | out[i + 3]!;
    // SOF0..SOF3: length, precision, height, width.
    if (marker >= 0xc0 && marker <= 0xc3) {
      out[i + 5] = height >> 8;
      out[i + 6] = height & 0xff;
      out[i + 7] = width >> 8;
      out[i + 8] = width & 0xff;
      return out;
    }
    i += 2 + length;
  }
  throw new Error('no frame header in the JPEG');
}
