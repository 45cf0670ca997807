// New papers for a subject offering: one by hand (its exam year and type, kept as a draft to fill
// in and send for review from its page, or sent at once), or many PDFs at once (bulk-drop.tsx).
import { CreatePaperDocument } from '@qpc/client/graphql';
import type { ExamType, NewPaperStatus } from '@qpc/client/graphql';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../auth/session.js';
import { Breadcrumbs, EnumSelect, Pending } from '../components/common.js';
import { ErrorBox } from '../components/error-box.js';
import { useTypedMutation } from '../graphql.js';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';
import { BulkDrop } from './bulk-drop.js';
import { offeringCrumbs, useOffering } from './offering-data.js';

export function NewPaperView({ params }: { params: { offeringId: string } }) {
  const { canEdit } = useSession();
  const { offering, error } = useOffering(params.offeringId);
  const create = useTypedMutation(CreatePaperDocument);
  const [, navigate] = useLocation();
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [type, setType] = useState<ExamType>('END_TERM');
  const [status, setStatus] = useState<NewPaperStatus>('DRAFT');
  const [problem, setProblem] = useState<unknown>(null);
  if (!canEdit)
    return <p className="empty">Adding papers is for editors and admins: sign in as one.</p>;
  if (!offering) return <Pending error={error} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    create
      .run({ subjectOfferingId: offering.id, examYear: Number(year), examType: type, status })
      .then(({ createPaper }) => navigate(paths.editPaper(createPaper.slug)), setProblem);
  };
  return (
    <section>
      <Breadcrumbs crumbs={offeringCrumbs(offering, 'New paper')} />
      <h1>New paper: {offering.subject.name}</h1>
      <form className="panel form" aria-label="One paper" onSubmit={submit}>
        <label>
          Exam year
          <input
            type="number"
            name="examYear"
            min={1900}
            max={new Date().getFullYear() + 1}
            required
            value={year}
            onChange={(e) => setYear(e.target.value)}
          />
        </label>
        <EnumSelect label="Exam type" labels={EXAM_TYPE} value={type} onChange={setType} />
        <fieldset>
          <legend>Status</legend>
          <label className="inline">
            <input
              type="radio"
              name="status"
              checked={status === 'DRAFT'}
              onChange={() => setStatus('DRAFT')}
            />
            Keep as a draft (add its PDF and questions, then send it for review from its page)
          </label>
          <label className="inline">
            <input
              type="radio"
              name="status"
              checked={status === 'PENDING'}
              onChange={() => setStatus('PENDING')}
            />
            Send for review now
          </label>
        </fieldset>
        <button type="submit" disabled={create.fetching}>
          Create the paper
        </button>
        {problem ? <ErrorBox error={problem} /> : null}
      </form>
      <BulkDrop offeringId={offering.id} />
    </section>
  );
}
