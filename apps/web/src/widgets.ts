// Pieces several screens share: breadcrumbs, chips, a question's summary line.
import type { QuestionSummaryFragment } from '@qpc/client/graphql';
import { h } from './dom.js';
import type { Child } from './dom.js';
import { DIFFICULTY, marks, QUESTION_TYPE } from './labels.js';

/** `Home / NFIT / CSE / ...`; the last crumb is the current page. */
export function breadcrumbs(...crumbs: [label: string, link?: string][]): HTMLElement {
  return h(
    'nav',
    { 'aria-label': 'Breadcrumb', class: 'breadcrumbs' },
    h(
      'ol',
      null,
      crumbs.map(([label, link]) =>
        h(
          'li',
          null,
          link ? h('a', { href: link }, label) : h('span', { 'aria-current': 'page' }, label),
        ),
      ),
    ),
  );
}

export function chip(text: string | null, kind = ''): Child {
  return text ? h('span', { class: `chip ${kind}`.trim() }, text) : null;
}

/** Type, difficulty and marks of a question, as chips. */
export function questionChips(question: QuestionSummaryFragment): HTMLElement {
  return h(
    'div',
    { class: 'chips' },
    chip(QUESTION_TYPE[question.type]),
    chip(DIFFICULTY[question.difficulty], `difficulty-${question.difficulty.toLowerCase()}`),
    chip(marks(question.marks)),
  );
}

/** "3 questions", "1 question", "No questions yet". */
export function questionCount(count: number): string {
  if (count === 0) return 'No questions yet';
  return `${count} ${count === 1 ? 'question' : 'questions'}`;
}
