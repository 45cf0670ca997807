// An editor's page for one paper: where it stands in review (a rejection's reason in plain sight,
// "Send for review"), its PDF (upload with progress), its questions to add and edit.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { useSession } from '../auth/session.js';
import { Notice, Pending, QuestionChips } from '../components/common.js';
import { ErrorBox } from '../components/error-box.js';
import { paths } from '../paths.js';
import { useOffering } from './offering-data.js';
import { PaperHeading, usePaper } from './paper.js';
import type { Paper } from './paper.js';
import { PaperDuration } from './paper-duration.js';
import { fileSize } from './paper-file.js';
import { QuestionForm } from './question-form.js';
import { SubmitForReview } from './submit-paper.js';
import { uploadPaperFile } from './upload.js';

function Upload({ paper, onUploaded }: { paper: Paper; onUploaded: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [isDone, setIsDone] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setProblem(null);
    setIsDone(false);
    setProgress(0);
    uploadPaperFile(paper.id, file, setProgress).then(
      () => {
        setIsDone(true);
        onUploaded();
      },
      (error: unknown) => {
        setProgress(null);
        setProblem(error);
      },
    );
  };
  const isUploading = progress !== null && progress < 1 && !problem;
  return (
    <section className="panel" aria-label="PDF">
      <h2>PDF</h2>
      <p>
        {paper.file
          ? `A PDF is attached (${fileSize(paper.file.size)}); a new upload replaces it.`
          : 'No PDF yet.'}
      </p>
      <form className="form upload" onSubmit={submit}>
        <label htmlFor={id}>PDF file</label>
        <input
          id={id}
          type="file"
          accept="application/pdf,.pdf"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <button type="submit" disabled={!file || isUploading}>
          Upload
        </button>
        {progress !== null ? (
          <label className="progress">
            Upload progress
            <progress max={1} value={progress}>
              {Math.round(progress * 100)}%
            </progress>
            <span>{Math.round(progress * 100)}%</span>
          </label>
        ) : null}
      </form>
      {isDone ? <Notice>The PDF is uploaded.</Notice> : null}
      {paper.file ? (
        <p>
          <Link href={paths.paperDrafts(paper.slug)} className="button-link">
            Review drafts from the PDF
          </Link>
        </p>
      ) : null}
      {problem ? <ErrorBox error={problem} /> : null}
    </section>
  );
}

/** Where the paper stands: a rejection's reason, and "Send for review" for its creator or an admin. */
function Review({ paper, onSent }: { paper: Paper; onSent: () => void }) {
  const { user, isAdmin } = useSession();
  const rejected = (paper.statusHistory ?? []).findLast((c) => c.to === 'REJECTED');
  const canSubmit =
    (paper.status === 'DRAFT' || paper.status === 'REJECTED') &&
    (isAdmin || (user !== null && paper.createdBy === user?.id));
  if (paper.status !== 'REJECTED' && !canSubmit) return null;
  return (
    <section className="panel" aria-label="Review">
      <h2>Review</h2>
      {paper.status === 'REJECTED' && rejected ? (
        <p className="rejection">
          <strong>Sent back:</strong> {rejected.reason ?? 'No reason given'}
        </p>
      ) : null}
      {canSubmit ? <SubmitForReview paper={paper} onSent={onSent} /> : null}
    </section>
  );
}

function Questions({ paper, onChange }: { paper: Paper; onChange: () => void }) {
  const { offering } = useOffering(paper.subjectOffering.id);
  const [editing, setEditing] = useState<string | null>(null);
  if (!offering) return <Pending error={null} />;
  return (
    <section className="panel" aria-label="Questions">
      <h2>Questions</h2>
      {paper.questions.length ? (
        <ol className="questions">
          {paper.questions.map((question) => (
            <li className="question" key={question.id}>
              {editing === question.id ? (
                <QuestionForm
                  paperId={paper.id}
                  offering={offering}
                  question={question}
                  onSaved={() => {
                    setEditing(null);
                    onChange();
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <p className="question-text">{question.text}</p>
                  <QuestionChips question={question} />
                  <button type="button" onClick={() => setEditing(question.id)}>
                    Edit question
                  </button>
                </>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="empty">No questions yet.</p>
      )}
      <h3>Add a question</h3>
      <QuestionForm paperId={paper.id} offering={offering} onSaved={onChange} />
    </section>
  );
}

export function PaperEditView({ params }: { params: { slug: string } }) {
  const { canEdit } = useSession();
  const { paper, error, refresh } = usePaper(params.slug);
  if (!canEdit)
    return <p className="empty">Editing papers is for editors and admins: sign in as one.</p>;
  if (!paper) return <Pending error={error} />;
  return (
    <section>
      <PaperHeading paper={paper} />
      <p>
        <Link href={paths.paper(paper.slug)}>See the paper as students do</Link>
      </p>
      <Review paper={paper} onSent={refresh} />
      <Upload paper={paper} onUploaded={refresh} />
      <PaperDuration slug={paper.slug} />
      <Questions paper={paper} onChange={refresh} />
    </section>
  );
}
