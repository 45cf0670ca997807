// An editor's own papers: drafts and those waiting for review. The API has no author filter, so
// each list reads a page of papers of that status and keeps the signed-in editor's. Only admins
// may change a status, so only they see "Send for review".
import { PapersByStatusDocument, SetPaperStatusDocument } from '@qpc/client/graphql';
import type { PaperStatus } from '@qpc/client/graphql';
import { useState } from 'react';
import { Link } from 'wouter';
import { useSession } from '../auth/session.js';
import { Chip, Pending } from '../components/common.js';
import { ErrorBox } from '../components/error-box.js';
import { Pager, usePageParam } from '../components/pager.js';
import { useTypedMutation, useTypedQuery } from '../graphql.js';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';

const PAGE_SIZE = 50;

function SendForReview({ paperId, onSent }: { paperId: string; onSent: () => void }) {
  const setStatus = useTypedMutation(SetPaperStatusDocument);
  const [problem, setProblem] = useState<unknown>(null);
  return (
    <>
      <button
        type="button"
        disabled={setStatus.fetching}
        onClick={() => setStatus.run({ id: paperId, status: 'PENDING' }).then(onSent, setProblem)}
      >
        Send for review
      </button>
      {problem ? <ErrorBox error={problem} /> : null}
    </>
  );
}

function OwnPapers({
  status,
  title,
  pageParam,
}: {
  status: PaperStatus;
  title: string;
  pageParam: string;
}) {
  const { user, isAdmin } = useSession();
  const page = usePageParam(pageParam);
  const { data, error, reexecute } = useTypedQuery(PapersByStatusDocument, {
    status,
    page,
    limit: PAGE_SIZE,
  });
  const body = (() => {
    if (!data) return <Pending error={error} />;
    const own = data.papers.items.filter((p) => p.createdBy === user?.id);
    return (
      <>
        {own.length ? (
          <ul className="list own-papers">
            {own.map((paper) => (
              <li key={paper.id}>
                <Link href={paths.editPaper(paper.slug)}>{paper.title}</Link>{' '}
                <Chip>{`${EXAM_TYPE[paper.examType]} ${paper.examYear}`}</Chip>
                <Chip>{paper.subjectOffering.university.shortName}</Chip>
                <Chip kind={paper.file ? '' : 'missing'}>{paper.file ? 'PDF' : 'No PDF yet'}</Chip>
                {isAdmin && status === 'DRAFT' ? (
                  <SendForReview
                    paperId={paper.id}
                    onSent={() => reexecute({ requestPolicy: 'network-only' })}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">None on this page.</p>
        )}
        <Pager
          info={data.papers.pagination}
          label={`Pages of ${title.toLowerCase()}`}
          name={pageParam}
        />
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
  const { canEdit, isAdmin } = useSession();
  return (
    <section>
      <h1>My papers</h1>
      {canEdit ? (
        <>
          <p className="lead">
            Papers you created that are not approved yet. To add a paper, open its subject (browse
            or search) and choose “Add a paper”.
            {isAdmin ? null : ' An admin approves or rejects papers waiting for review.'}
          </p>
          <OwnPapers status="DRAFT" title="Your drafts" pageParam="drafts" />
          <OwnPapers status="PENDING" title="Waiting for review" pageParam="pending" />
        </>
      ) : (
        <p className="empty">This page is for editors and admins: sign in as one.</p>
      )}
    </section>
  );
}
