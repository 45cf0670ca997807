// The review queue: pending papers, a page at a time, each with its PDF, question count and drafts
// still waiting. Admins approve or reject (a rejection needs a reason; a paper without questions
// is approved only once confirmed, "Approve anyway"); editors see the queue without buttons they
// may not use. The count follows each decision.
import { PendingPapersDocument, SetPaperStatusDocument } from '@qpc/client/graphql';
import type { PaperStatus, PendingPapersQuery } from '@qpc/client/graphql';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useSession } from '../auth/session.js';
import { Chip, Notice, Pending } from '../components/common.js';
import { ErrorBox } from '../components/error-box.js';
import { ApiError } from '@qpc/client/graphql';
import { Pager, usePageParam } from '../components/pager.js';
import { useTypedMutation, useTypedQuery } from '../graphql.js';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';
import { fileSize } from './paper-file.js';

type PendingPaper = PendingPapersQuery['papers']['items'][number];

const PAGE_SIZE = 20;

function Decision({
  paper,
  onDecided,
}: {
  paper: PendingPaper;
  onDecided: (text: string) => void;
}) {
  const id = useId();
  const setStatus = useTypedMutation(SetPaperStatusDocument);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const [isReasonMissing, setIsReasonMissing] = useState(false);
  // An empty paper is approved only once the admin confirms it ("Approve anyway": force).
  const [isConfirming, setIsConfirming] = useState(false);
  const decide = (status: PaperStatus, force = false) => {
    const text = reason.trim();
    if (status === 'REJECTED' && !text) {
      setIsReasonMissing(true);
      document.getElementById(id)?.focus();
      return;
    }
    setIsReasonMissing(false);
    setProblem(null);
    if (status === 'APPROVED' && paper.questionCount === 0 && !force) {
      setIsConfirming(true);
      return;
    }
    setStatus
      .run({ id: paper.id, status, ...(text ? { reason: text } : {}), ...(force ? { force } : {}) })
      .then(
        () => onDecided(`${status === 'APPROVED' ? 'Approved' : 'Rejected'}: ${paper.title}`),
        (error: unknown) => {
          // Emptied since the queue was read: the same confirmation.
          if (error instanceof ApiError && error.code === 'PAPER_EMPTY') setIsConfirming(true);
          else setProblem(error);
        },
      );
  };
  return (
    <div className="review-actions">
      <label htmlFor={id}>Reason for “{paper.title}”</label>
      <input
        id={id}
        type="text"
        name="reason"
        maxLength={500}
        autoComplete="off"
        value={reason}
        aria-invalid={isReasonMissing}
        aria-describedby={isReasonMissing ? `${id}-missing` : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {isReasonMissing ? (
        <p className="field-error" id={`${id}-missing`}>
          A rejection needs a reason.
        </p>
      ) : null}
      <div className="buttons">
        <button
          type="button"
          className="approve"
          disabled={setStatus.fetching}
          onClick={() => decide('APPROVED')}
        >
          Approve
        </button>
        <button
          type="button"
          className="reject"
          disabled={setStatus.fetching}
          onClick={() => decide('REJECTED')}
        >
          Reject
        </button>
      </div>
      {isConfirming ? (
        <div className="confirm" role="group" aria-label={`Approve “${paper.title}” anyway?`}>
          <p>This paper has no questions: students will find nothing in it.</p>
          <button
            type="button"
            className="approve"
            disabled={setStatus.fetching}
            onClick={() => decide('APPROVED', true)}
          >
            Approve anyway
          </button>
          <button type="button" onClick={() => setIsConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : null}
      {problem ? <ErrorBox error={problem} /> : null}
    </div>
  );
}

/** The PDF, the questions and the drafts still waiting of a paper in the queue. */
function Contents({ paper }: { paper: PendingPaper }) {
  const waiting = paper.draftsWaiting ?? 0;
  return (
    <div className="chips">
      {paper.file ? (
        <a className="chip" href={paths.paperFileInline(paper.id)} target="_blank" rel="noreferrer">
          {`PDF (${fileSize(paper.file.size)})`}
        </a>
      ) : (
        <Chip kind="missing">No PDF</Chip>
      )}
      <Chip kind={paper.questionCount ? '' : 'missing'}>
        {`${paper.questionCount} ${paper.questionCount === 1 ? 'question' : 'questions'}`}
      </Chip>
      {waiting ? (
        <Chip kind="missing">{`${waiting} ${waiting === 1 ? 'draft' : 'drafts'} waiting`}</Chip>
      ) : null}
    </div>
  );
}

function Queue() {
  const { isAdmin, user } = useSession();
  const page = usePageParam();
  const { data, error, reexecute } = useTypedQuery(PendingPapersDocument, {
    page,
    limit: PAGE_SIZE,
  });
  const [notice, setNotice] = useState<string | null>(null);
  if (!data) return <Pending error={error} />;
  const { items, pagination } = data.papers;
  const total = pagination.total ?? items.length;
  return (
    <>
      <p className="lead" aria-live="polite">
        {`${total} ${total === 1 ? 'paper waits' : 'papers wait'} for review.`} Approved papers
        become visible to everyone.
      </p>
      {user?.role === 'EDITOR' ? (
        <p className="note">Approving and rejecting papers needs the admin role.</p>
      ) : null}
      {notice ? <Notice>{notice}</Notice> : null}
      {items.length ? (
        <ul className="review">
          {items.map((paper) => (
            <li className="review-item" key={paper.id}>
              <div className="review-paper">
                <Link href={paths.paper(paper.slug)} className="review-title">
                  {paper.title}
                </Link>
                <div className="chips">
                  <Chip>{`${EXAM_TYPE[paper.examType]} ${paper.examYear}`}</Chip>
                  <Chip>{paper.subjectOffering.university.shortName}</Chip>
                  <Chip>
                    {paper.subjectOffering.subject.code ?? paper.subjectOffering.subject.name}
                  </Chip>
                </div>
                <Contents paper={paper} />
              </div>
              {isAdmin ? (
                <Decision
                  paper={paper}
                  onDecided={(text) => {
                    setNotice(text);
                    reexecute({ requestPolicy: 'network-only' });
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">Nothing to review.</p>
      )}
      <Pager info={pagination} label="Pages of the review queue" />
    </>
  );
}

export function ReviewView() {
  const { canEdit } = useSession();
  return (
    <section>
      <h1>Review queue</h1>
      {canEdit ? (
        <Queue />
      ) : (
        <p className="empty">
          The review queue is for editors and admins: sign in as an editor or admin.
        </p>
      )}
    </section>
  );
}
