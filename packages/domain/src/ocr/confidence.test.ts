import { describe, expect, it } from 'vitest';
import type { ReadDraft } from '../drafts/read-drafts.js';
import { lowerForUnsureWords } from './confidence.js';

function draft(
  index: number,
  page: number,
  text: string,
  options: string[] | null = null,
): ReadDraft {
  return {
    ...{ index, number: String(index + 1), parent: null, page, section: null, text },
    ...{ marks: 5, type: 'short', options, confidence: 1, warnings: [] },
  };
}

describe('words OCR was unsure of', () => {
  it('when a draft holds unsure words, then its confidence drops by 0.1 each and its warning names them', () => {
    const drafts = [
      draft(0, 1, 'Explain the Byzantine generals problem.'),
      draft(1, 1, 'Define quorum.'),
    ];
    lowerForUnsureWords(
      drafts,
      new Map([
        [
          1,
          [
            { text: 'Byzantine', confidence: 41, y: 700 },
            { text: 'generals', confidence: 55, y: 700 },
          ],
        ],
      ]),
    );
    expect(drafts[0]).toMatchObject({
      confidence: 0.8,
      warnings: [
        'OCR was unsure of "Byzantine" (41%), "generals" (55%): check them against the scan',
      ],
    });
    expect(drafts[1]).toMatchObject({ confidence: 1, warnings: [] });
  });

  it('when an unsure word is in an option, on a page the draft runs onto, then that draft holds it', () => {
    const drafts = [
      draft(0, 1, 'Which policy suffers from an anomaly?', ['FIFO', 'LRU']),
      draft(1, 3, 'Define paging.'),
    ];
    lowerForUnsureWords(drafts, new Map([[2, [{ text: 'LRU,', confidence: 30, y: 500 }]]]));
    expect(drafts[0]!.confidence).toBe(0.9);
    expect(drafts[1]!.confidence).toBe(1);
  });

  it('when many words are unsure, then the drop stops at 0.4 and punctuation is no word', () => {
    const words = ['one', 'two', 'three', 'four', 'five', 'six', '|'];
    const drafts = [draft(0, 1, `Count ${words.join(' ')} now.`)];
    lowerForUnsureWords(
      drafts,
      new Map([[1, words.map((text) => ({ text, confidence: 20, y: 1 }))]]),
    );
    expect(drafts[0]!.confidence).toBe(0.6);
    expect(drafts[0]!.warnings[0]).toMatch(/"five" \(20%\) and 1 more: check/);
  });
});
