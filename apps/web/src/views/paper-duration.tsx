// A paper's length in minutes, on its editor's page: the stored value, or else what the PDF's
// drafts read ("Time: 3 hours"), as the form's starting value.
import { PaperDurationDocument, UpdatePaperDurationDocument } from '@qpc/client/graphql';
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Notice } from '../components/common.js';
import { ErrorBox } from '../components/error-box.js';
import { useTypedMutation, useTypedQuery } from '../graphql.js';

export function PaperDuration({ slug }: { slug: string }) {
  const id = useId();
  const { data, error } = useTypedQuery(PaperDurationDocument, { slug });
  const update = useTypedMutation(UpdatePaperDurationDocument);
  const paper = data?.paper;
  const known = paper?.durationMinutes ?? paper?.drafts?.suggested.durationMinutes ?? null;
  const [minutes, setMinutes] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const [isSaved, setIsSaved] = useState(false);
  useEffect(() => setMinutes(known === null ? '' : String(known)), [known]);
  if (!paper) return error ? <ErrorBox error={error} /> : null;
  const isSuggested = paper.durationMinutes === null && known !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setIsSaved(false);
    const durationMinutes = minutes.trim() === '' ? null : Number(minutes);
    update.run({ id: paper.id, durationMinutes }).then(
      () => setIsSaved(true),
      (failure: unknown) => setProblem(failure),
    );
  };
  return (
    <section className="panel" aria-label="Duration">
      <h2>Duration</h2>
      <form className="form" onSubmit={submit}>
        <label htmlFor={id}>Length of the exam (minutes)</label>
        <input
          id={id}
          name="durationMinutes"
          type="number"
          min={1}
          max={1440}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
        {isSuggested ? <p>Read from the paper&apos;s PDF: check it, then save.</p> : null}
        <button type="submit" disabled={update.fetching}>
          Save duration
        </button>
      </form>
      {isSaved ? <Notice>The duration is saved.</Notice> : null}
      {problem ? <ErrorBox error={problem} /> : null}
    </section>
  );
}
