// A paper: its questions, their solutions and the votes; signed-in users vote.
import { PaperDocument, VoteSolutionDocument } from '@qpc/client/graphql';
import type { PaperQuery, SolutionVotesFragment } from '@qpc/client/graphql';
import { api } from '../api.js';
import { h, replace } from '../dom.js';
import { errorBox } from '../errors.js';
import { EXAM_TYPE, STATUS } from '../labels.js';
import { href } from '../router.js';
import type { Params } from '../router.js';
import { session } from '../session.js';
import { breadcrumbs, chip, questionChips } from '../widgets.js';

type Paper = NonNullable<PaperQuery['paper']>;
type Question = Paper['questions'][number];

/** Up, score, down; pressing the vote one already gave withdraws it. */
function votes(initial: SolutionVotesFragment): HTMLElement {
  let solution = initial;
  const score = h('span', { class: 'score', 'aria-label': 'Score' });
  const counts = h('span', { class: 'counts' });
  const problem = h('div', { class: 'vote-problem' });
  const up = h('button', { type: 'button', class: 'vote up', 'aria-label': 'Upvote' }, '▲');
  const down = h('button', { type: 'button', class: 'vote down', 'aria-label': 'Downvote' }, '▼');
  const show = () => {
    score.textContent = String(solution.score);
    counts.textContent = `${solution.upvotes} up · ${solution.downvotes} down`;
    up.setAttribute('aria-pressed', String(solution.myVote === 1));
    down.setAttribute('aria-pressed', String(solution.myVote === -1));
  };
  const vote = async (value: 1 | -1) => {
    up.disabled = down.disabled = true;
    replace(problem);
    try {
      const next = solution.myVote === value ? 0 : value;
      solution = (await api.request(VoteSolutionDocument, { id: solution.id, value: next }))
        .voteSolution;
      show();
    } catch (error) {
      replace(problem, errorBox(error));
    } finally {
      up.disabled = down.disabled = false;
    }
  };
  up.addEventListener('click', () => void vote(1));
  down.addEventListener('click', () => void vote(-1));
  show();
  return h(
    'div',
    { class: 'votes-block' },
    h('div', { class: 'votes', role: 'group', 'aria-label': 'Votes' }, up, score, down),
    counts,
    problem,
  );
}

function questionItem(question: Question): HTMLElement {
  return h(
    'li',
    { class: 'question' },
    h('p', { class: 'question-text' }, question.text),
    questionChips(question),
    question.options?.length
      ? h(
          'ol',
          { class: 'options', type: 'a' },
          question.options.map((o) => h('li', null, o)),
        )
      : null,
    question.answer
      ? h('details', null, h('summary', null, 'Show answer'), h('p', null, question.answer))
      : null,
    h(
      'section',
      { class: 'solutions', 'aria-label': 'Solutions' },
      h('h3', null, question.solutions.length ? 'Solutions' : 'No solution yet'),
      question.solutions.map((solution) =>
        h(
          'article',
          { class: 'solution' },
          votes(solution),
          h(
            'div',
            { class: 'solution-body' },
            solution.authorId === session.user?.id ? chip('Your solution', 'mine') : null,
            h('p', { class: 'solution-text' }, solution.content),
          ),
        ),
      ),
    ),
  );
}

/** A paper with everything under it. */
export async function paperView({ slug }: Params): Promise<Node> {
  const { paper } = await api.request(PaperDocument, { slug: slug! });
  const { subjectOffering: offering } = paper!;
  return h(
    'section',
    null,
    breadcrumbs(
      ['Universities', '#/'],
      [offering.university.shortName, href('/u/', offering.university.slug)],
      [offering.subject.name, href('/o/', offering.id)],
      [paper!.title],
    ),
    h('h1', null, paper!.title),
    h(
      'div',
      { class: 'chips' },
      chip(`${EXAM_TYPE[paper!.examType]} ${paper!.examYear}`),
      chip(STATUS[paper!.status], `status status-${paper!.status.toLowerCase()}`),
    ),
    paper!.statusHistory?.length
      ? h(
          'details',
          { class: 'history' },
          h('summary', null, 'Status history'),
          h(
            'ul',
            null,
            paper!.statusHistory.map((change) =>
              h(
                'li',
                null,
                `${STATUS[change.from]} → ${STATUS[change.to]}`,
                change.reason ? `: ${change.reason}` : '',
              ),
            ),
          ),
        )
      : null,
    paper!.questions.length
      ? h('ol', { class: 'questions' }, paper!.questions.map(questionItem))
      : h('p', { class: 'empty' }, 'No questions on this paper yet.'),
  );
}
