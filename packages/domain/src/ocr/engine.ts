// Which engine reads scans here: the native one when its two commands are on the PATH (or when
// asked for), else the JavaScript fallback, which needs nothing installed.
import { isOnPath } from './native.js';
import type { OcrEngineChoice } from './settings.js';

let hasNativeTools: boolean | undefined;

/** True when tesseract and pdftoppm are on the PATH (looked up once per process). */
export function hasNativeOcr(): boolean {
  hasNativeTools ??= isOnPath('tesseract') && isOnPath('pdftoppm');
  return hasNativeTools;
}

/** The engine `choice` means on this machine; throws saying what is missing for `native`. */
export function chooseEngine(choice: OcrEngineChoice): 'native' | 'js' {
  if (choice === 'js') return 'js';
  if (hasNativeOcr()) return 'native';
  if (choice === 'native') {
    throw new Error(
      'OCR_ENGINE is native, but tesseract or pdftoppm is not on the PATH (apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils)',
    );
  }
  return 'js';
}
