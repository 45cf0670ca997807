// An editor reviews the draft questions read from a paper's PDF: waits while they are read, edits
// any draft's text, type, marks, topic and options, discards those that are not questions (on the
// page only), and accepts the selected ones, which become the paper's questions.
import { AcceptDraftsDocument, ApiError, PaperDraftsDocument } from '@qpc/client/graphql';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSession } from '../auth/session.js';
import { Notice, Pending } from '../components/common.js';
import { ErrorBox } from '../components/error-box.js';
import { useTypedMutation, useTypedQuery } from '../graphql.js';
import { paths } from '../paths.js';
import { acceptInput, DraftItem } from './draft-item.js';
import type { Draft, DraftEdit } from './draft-item.js';
import { useOffering } from './offering-data.js';
import type { Offering } from './offering-data.js';
import { PaperHeading, usePaper } from './paper.js';
import type { Paper } from './paper.js';

/** How often the page asks again while the PDF is still being read. */
const POLL_MS = 1_500;

function useDrafts(slug: string) {
  const { data, error, reexecute } = useTypedQuery(PaperDraftsDocument, { slug });
  const drafts = data?.paper?.drafts ?? null;
  const isPending = drafts?.status === 'PENDING';
  useEffect(() => {
    if (!isPending) return;
    const timer = setInterval(() => reexecute({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearInterval(timer);
  }, [isPending, reexecute]);
  return {
    paperId: data?.paper?.id,
    drafts,
    error: error ?? (data && !data.paper ? 'No such paper' : null),
    hasLoaded: data !== undefined,
    refresh: () => reexecute({ requestPolicy: 'network-only' }),
  };
}

/** The draft a refusal's detail names (`drafts.2.index`: the third one sent), by its number. */
function namedDraft(error: ApiError, sent: readonly Draft[]): Draft | undefined {
  const match = /^drafts\.(\d+)\./.exec(error.details?.[0]?.path ?? '');
  return match ? sent[Number(match[1])] : undefined;
}

/** A refusal explained for this screen: a draft accepted meanwhile is named by its number. */
function AcceptProblem({ error, sent }: { error: unknown; sent: readonly Draft[] }) {
  if (error instanceof ApiError && error.status === 409) {
    const draft = namedDraft(error, sent);
    return (
      <div className="alert" role="alert">
        <strong>{draft ? `Draft ${draft.number} was accepted before` : 'Accepted before'}</strong>
        <p>
          No question was made. The list now shows which drafts are accepted: accept the others
          again.
        </p>
      </div>
    );
  }
  return <ErrorBox error={error} />;
}

function Review(props: {
  paperId: string;
  drafts: Draft[];
  offering: Offering;
  onAccepted: () => void;
}) {
  const accept = useTypedMutation(AcceptDraftsDocument);
  const [edits, setEdits] = useState<Map<number, DraftEdit>>(new Map());
  const [editing, setEditing] = useState<number | null>(null);
  const [discarded, setDiscarded] = useState<Set<number>>(new Set());
  const [unselected, setUnselected] = useState<Set<number>>(new Set());
  const [problem, setProblem] = useState<{ error: unknown; sent: Draft[] } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const open = props.drafts.filter((d) => d.acceptedQuestionId === null);
  const kept = open.filter((d) => !discarded.has(d.index));
  const selected = kept.filter((d) => !unselected.has(d.index));
  const toggle = (set: Set<number>, index: number, isIn: boolean) => {
    const next = new Set(set);
    if (isIn) next.add(index);
    else next.delete(index);
    return next;
  };
  const submit = () => {
    setProblem(null);
    setDone(null);
    const drafts = selected.map((d) => acceptInput(d, edits.get(d.index), props.offering));
    accept.run({ paperId: props.paperId, drafts }).then(
      (result) => {
        const made = result.acceptDrafts.length;
        setDone(`${made} ${made === 1 ? 'question' : 'questions'} added to the paper.`);
        setEditing(null);
        props.onAccepted();
      },
      (error: unknown) => {
        setProblem({ error, sent: selected });
        // The drafts as stored now: one accepted meanwhile shows as accepted.
        if (error instanceof ApiError && error.status === 409) props.onAccepted();
      },
    );
  };
  return (
    <>
      <p>
        {`${props.drafts.length} drafts read, ${props.drafts.length - open.length} accepted, ${discarded.size} discarded.`}
      </p>
      <ol className="drafts">
        {props.drafts
          .filter((d) => !discarded.has(d.index))
          .map((draft) => (
            <DraftItem
              key={draft.index}
              draft={draft}
              offering={props.offering}
              edit={edits.get(draft.index)}
              isEditing={editing === draft.index}
              isSelected={!unselected.has(draft.index)}
              onSelect={(isSelected) => setUnselected((s) => toggle(s, draft.index, !isSelected))}
              onEditing={(isEditing) => setEditing(isEditing ? draft.index : null)}
              onEdit={(edit) => setEdits((m) => new Map(m).set(draft.index, edit))}
              onDiscard={() => setDiscarded((s) => toggle(s, draft.index, true))}
            />
          ))}
      </ol>
      {discarded.size ? (
        <p>
          <button type="button" onClick={() => setDiscarded(new Set())}>
            {`Restore ${discarded.size} discarded`}
          </button>
        </p>
      ) : null}
      <div className="buttons">
        <button
          type="button"
          className="approve"
          disabled={selected.length === 0 || accept.fetching}
          onClick={submit}
        >
          {`Accept ${selected.length} selected`}
        </button>
      </div>
      {done ? <Notice>{done}</Notice> : null}
      {problem ? <AcceptProblem error={problem.error} sent={problem.sent} /> : null}
    </>
  );
}

/** What the PDF's reading came to: pending, failed, no text, no questions, or the drafts. */
function DraftsState({ paper, slug }: { paper: Paper; slug: string }) {
  const { paperId, drafts, error, hasLoaded, refresh } = useDrafts(slug);
  const { offering, error: offeringError } = useOffering(paper.subjectOffering.id);
  const { refresh: refreshPaper } = usePaper(slug);
  if (!hasLoaded || !offering) return <Pending error={error ?? offeringError} />;
  if (!drafts) return <p className="empty">This paper has no PDF to read drafts from.</p>;
  if (drafts.status === 'PENDING') {
    return (
      <p className="loading" role="status">
        {`Reading the PDF (${drafts.pages} pages)…`}
      </p>
    );
  }
  if (drafts.status === 'FAILED') {
    return (
      <div className="alert" role="alert">
        <strong>The PDF could not be read</strong>
        <p>{drafts.reason ?? 'No reason was given.'}</p>
      </div>
    );
  }
  if (!drafts.textLayer) {
    return (
      <p className="empty">The PDF has no text to read (a scan): add its questions by hand.</p>
    );
  }
  if (!drafts.drafts.length) {
    return <p className="empty">No numbered questions were found in the PDF.</p>;
  }
  return (
    <Review
      paperId={paperId!}
      drafts={drafts.drafts}
      offering={offering}
      onAccepted={() => {
        refresh();
        refreshPaper();
      }}
    />
  );
}

export function DraftsView({ params }: { params: { slug: string } }) {
  const { canEdit } = useSession();
  const { paper, error } = usePaper(params.slug);
  if (!canEdit) {
    return <p className="empty">Reviewing drafts is for editors and admins: sign in as one.</p>;
  }
  if (!paper) return <Pending error={error} />;
  return (
    <section>
      <PaperHeading paper={paper} />
      <h2>Drafts from the PDF</h2>
      <p>
        <Link href={paths.editPaper(paper.slug)}>Back to editing the paper</Link>
        {' · '}
        <Link href={paths.paper(paper.slug)}>See the paper as students do</Link>
      </p>
      <DraftsState paper={paper} slug={params.slug} />
    </section>
  );
}
