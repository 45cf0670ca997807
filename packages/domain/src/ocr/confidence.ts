// Words OCR was unsure of lower the confidence of the draft that holds them, and are named in
// its warnings, so an editor knows which words to check against the scan.
import type { ReadDraft } from '../drafts/read-drafts.js';
import type { UnsureWord } from './page-of-words.js';

/** Confidence one unsure word costs its draft, and the most all of them may cost. */
const PER_WORD = 0.1;
const AT_MOST = 0.4;
/** Unsure words a warning names. */
const NAMED = 5;

const tokenOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Lowers each draft's confidence by the words OCR was unsure of on the pages it runs over
 * (`unsure` by page number) that its text or options hold, and names them in its warnings.
 */
export function lowerForUnsureWords(
  drafts: ReadDraft[],
  unsure: ReadonlyMap<number, readonly UnsureWord[]>,
): void {
  const found = new Map<ReadDraft, UnsureWord[]>();
  for (const [page, words] of unsure) {
    // The drafts that start on this page, and the one running onto it from before.
    const here = drafts.filter(
      (d, i) => d.page <= page && (drafts[i + 1]?.page ?? Infinity) >= page,
    );
    for (const word of words) {
      const token = tokenOf(word.text);
      // Punctuation and stray marks are no word to check.
      if (!/[\p{L}\p{N}]/u.test(token)) continue;
      const holder = here.find((d) =>
        [d.text, ...(d.options ?? [])].some((t) =>
          t.split(/\s+/).some((w) => tokenOf(w) === token),
        ),
      );
      if (holder) found.set(holder, [...(found.get(holder) ?? []), word]);
    }
  }
  for (const [draft, words] of found) {
    draft.confidence = round(
      Math.max(0, draft.confidence - Math.min(AT_MOST, PER_WORD * words.length)),
    );
    const named = words
      .slice(0, NAMED)
      .map((w) => `"${w.text}" (${w.confidence}%)`)
      .join(', ');
    const more = words.length > NAMED ? ` and ${words.length - NAMED} more` : '';
    draft.warnings.push(`OCR was unsure of ${named}${more}: check them against the scan`);
  }
}
