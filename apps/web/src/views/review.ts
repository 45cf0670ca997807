// The editors' queue: papers waiting for review, approved or rejected with a reason. The API
// decides who may (admins today); the page shows its answer.
import { PendingPapersDocument, SetPaperStatusDocument } from '@qpc/client/graphql';
import type { PaperStatus, PendingPapersQuery } from '@qpc/client/graphql';
import { api } from '../api.js';
import { h, replace } from '../dom.js';
import { errorBox } from '../errors.js';
import { EXAM_TYPE } from '../labels.js';
import { href } from '../router.js';
import { session } from '../session.js';
import { chip } from '../widgets.js';

type Pending = PendingPapersQuery['papers']['items'][number];

function reviewItem(paper: Pending, notices: HTMLElement): HTMLElement {
  const reason = h('input', { type: 'text', name: 'reason', maxlength: 500, autocomplete: 'off' });
  const problem = h('div', { class: 'review-problem' });
  const buttons: HTMLButtonElement[] = [];
  const item = h('li', { class: 'review-item' });
  const decide = async (status: PaperStatus) => {
    buttons.forEach((b) => (b.disabled = true));
    replace(problem);
    try {
      const text = reason.value.trim();
      await api.request(SetPaperStatusDocument, {
        id: paper.id,
        status,
        ...(text ? { reason: text } : {}),
      });
      item.remove();
      replace(
        notices,
        h(
          'p',
          { class: 'notice', role: 'status' },
          `${status === 'APPROVED' ? 'Approved' : 'Rejected'}: ${paper.title}`,
        ),
      );
    } catch (error) {
      replace(problem, errorBox(error));
    } finally {
      buttons.forEach((b) => (b.disabled = false));
    }
  };
  buttons.push(
    h(
      'button',
      { type: 'button', class: 'approve', onclick: () => void decide('APPROVED') },
      'Approve',
    ),
    h(
      'button',
      { type: 'button', class: 'reject', onclick: () => void decide('REJECTED') },
      'Reject',
    ),
  );
  replace(
    item,
    h(
      'div',
      { class: 'review-paper' },
      h('a', { href: href('/p/', paper.slug), class: 'review-title' }, paper.title),
      h(
        'div',
        { class: 'chips' },
        chip(`${EXAM_TYPE[paper.examType]} ${paper.examYear}`),
        chip(paper.subjectOffering.university.shortName),
        chip(paper.subjectOffering.subject.code ?? paper.subjectOffering.subject.name),
      ),
    ),
    h(
      'div',
      { class: 'review-actions' },
      h('label', null, `Reason for “${paper.title}”`, reason),
      h('div', { class: 'buttons' }, buttons),
    ),
    problem,
  );
  return item;
}

/** Pending papers, newest exam first (then by title), each with approve and reject. */
export async function reviewView(): Promise<Node> {
  if (!session.canReview) {
    return h(
      'section',
      null,
      h('h1', null, 'Review queue'),
      h(
        'p',
        { class: 'empty' },
        'The review queue is for editors and admins: sign in with an editor or admin token.',
      ),
    );
  }
  const { papers } = await api.request(PendingPapersDocument, { limit: 100 });
  const notices = h('div', { class: 'notices' });
  return h(
    'section',
    null,
    h('h1', null, 'Review queue'),
    h(
      'p',
      { class: 'lead' },
      `${papers.pagination.total} ${papers.pagination.total === 1 ? 'paper waits' : 'papers wait'} for review. Approved papers become visible to everyone.`,
    ),
    session.user?.role === 'EDITOR'
      ? h('p', { class: 'note' }, 'Approving and rejecting papers needs the admin role.')
      : null,
    notices,
    papers.items.length
      ? h(
          'ul',
          { class: 'review' },
          [...papers.items]
            .sort((a, b) => b.examYear - a.examYear || a.title.localeCompare(b.title))
            .map((paper) => reviewItem(paper, notices)),
        )
      : h('p', { class: 'empty' }, 'Nothing to review.'),
  );
}
