// An editor's own papers (`createdBy: me`, filtered by the server): those sent back with the
// reviewer's reason in plain sight, drafts, and those waiting for review. A rejected or draft
// paper is fixed on its page and sent for review from here or there.
import { MyPapersDocument } from '@qpc/client/graphql';
import type { MyPapersQuery, PaperStatus } from '@qpc/client/graphql';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSession } from '../auth/session.js';
import { Chip, Pending } from '../components/common.js';
import { Pager, usePageParam } from '../components/pager.js';
import { useTypedQuery } from '../graphql.js';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';
import { SubmitForReview } from './submit-paper.js';

const PAGE_SIZE = 50;

type OwnPaper = MyPapersQuery['papers']['items'][number];

/** The reason of the paper's last rejection, if it has one. */
function rejection(paper: OwnPaper): string | null {
  const last = (paper.statusHistory ?? []).findLast((c) => c.to === 'REJECTED');
  return last ? (last.reason ?? 'No reason given') : null;
}

function Counts({ paper }: { paper: OwnPaper }) {
  const waiting = paper.draftsWaiting ?? 0;
  return (
    <div className="chips">
      <Chip>{`${EXAM_TYPE[paper.examType]} ${paper.examYear}`}</Chip>
      <Chip>{paper.subjectOffering.university.shortName}</Chip>
      <Chip kind={paper.file ? '' : 'missing'}>{paper.file ? 'PDF' : 'No PDF yet'}</Chip>
      <Chip kind={paper.questionCount ? '' : 'missing'}>
        {`${paper.questionCount} ${paper.questionCount === 1 ? 'question' : 'questions'}`}
      </Chip>
      {waiting ? (
        <Link href={paths.paperDrafts(paper.slug)} className="chip">
          {`${waiting} ${waiting === 1 ? 'draft' : 'drafts'} waiting`}
        </Link>
      ) : null}
    </div>
  );
}

function OwnPapers({
  status,
  title,
  pageParam,
  canSubmit,
  version,
  onChanged,
}: {
  status: PaperStatus;
  title: string;
  pageParam: string;
  canSubmit: boolean;
  /** Bumped when a paper moved between the lists: each reads its page again. */
  version: number;
  onChanged: () => void;
}) {
  const page = usePageParam(pageParam);
  const { data, error, reexecute } = useTypedQuery(MyPapersDocument, {
    status,
    page,
    limit: PAGE_SIZE,
  });
  useEffect(() => {
    if (version > 0) reexecute({ requestPolicy: 'network-only' });
  }, [version, reexecute]);
  const body = (() => {
    if (!data) return <Pending error={error} />;
    const { items, pagination } = data.papers;
    return (
      <>
        {items.length ? (
          <ul className="list own-papers">
            {items.map((paper) => {
              const reason = status === 'REJECTED' ? rejection(paper) : null;
              return (
                <li key={paper.id}>
                  <Link href={paths.editPaper(paper.slug)}>{paper.title}</Link>
                  <Counts paper={paper} />
                  {reason ? (
                    <p className="rejection">
                      <strong>Sent back:</strong> {reason}{' '}
                      <Link href={paths.editPaper(paper.slug)}>Fix it</Link>
                    </p>
                  ) : null}
                  {canSubmit ? <SubmitForReview paper={paper} onSent={onChanged} /> : null}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="empty">None.</p>
        )}
        <Pager info={pagination} label={`Pages of ${title.toLowerCase()}`} name={pageParam} />
      </>
    );
  })();
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {body}
    </section>
  );
}

export function EditorPapersView() {
  const { canEdit } = useSession();
  const [version, setVersion] = useState(0);
  const lists = { version, onChanged: () => setVersion((v) => v + 1) };
  return (
    <section>
      <h1>My papers</h1>
      {canEdit ? (
        <>
          <p className="lead">
            Papers you created that are not approved yet. To add papers, open a subject (browse or
            search) and choose “Add a paper”: one by hand, or many PDFs at once. When a paper’s
            questions are in, send it for review; an admin approves it or sends it back with a
            reason.
          </p>
          <OwnPapers
            status="REJECTED"
            title="Sent back to you"
            pageParam="rejected"
            canSubmit
            {...lists}
          />
          <OwnPapers status="DRAFT" title="Your drafts" pageParam="drafts" canSubmit {...lists} />
          <OwnPapers
            status="PENDING"
            title="Waiting for review"
            pageParam="pending"
            canSubmit={false}
            {...lists}
          />
        </>
      ) : (
        <p className="empty">This page is for editors and admins: sign in as one.</p>
      )}
    </section>
  );
}
