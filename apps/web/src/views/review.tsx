// The review queue: pending papers, a page at a time. Admins approve or reject (a rejection needs
// a reason); editors see the queue without buttons they may not use. The count follows each decision.
import { PendingPapersDocument, SetPaperStatusDocument } from '@qpc/client/graphql';
import type { PaperStatus, PendingPapersQuery } from '@qpc/client/graphql';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useSession } from '../auth/session.js';
import { Chip, Notice, Pending } from '../components/common.js';
import { ErrorBox } from '../components/error-box.js';
import { Pager, usePageParam } from '../components/pager.js';
import { useTypedMutation, useTypedQuery } from '../graphql.js';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';

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
  const decide = (status: PaperStatus) => {
    const text = reason.trim();
    if (status === 'REJECTED' && !text) {
      setIsReasonMissing(true);
      document.getElementById(id)?.focus();
      return;
    }
    setIsReasonMissing(false);
    setProblem(null);
    setStatus
      .run({ id: paper.id, status, ...(text ? { reason: text } : {}) })
      .then(
        () => onDecided(`${status === 'APPROVED' ? 'Approved' : 'Rejected'}: ${paper.title}`),
        setProblem,
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
      {problem ? <ErrorBox error={problem} /> : null}
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
