// "Send for review": the paper's creator (or an admin) sends a draft or rejected paper to the
// review queue, with an optional note for the reviewer (GraphQL submitPaper).
import { SubmitPaperDocument } from '@qpc/client/graphql';
import { useId, useState } from 'react';
import { ErrorBox } from '../components/error-box.js';
import { useTypedMutation } from '../graphql.js';

export function SubmitForReview({
  paper,
  onSent,
}: {
  paper: { id: string; title: string };
  onSent: () => void;
}) {
  const id = useId();
  const submit = useTypedMutation(SubmitPaperDocument);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const send = () => {
    setProblem(null);
    const text = note.trim();
    submit.run({ id: paper.id, ...(text ? { note: text } : {}) }).then(onSent, setProblem);
  };
  return (
    <div className="submit-paper">
      <label htmlFor={id}>Note for the reviewer of “{paper.title}” (optional)</label>
      <input
        id={id}
        type="text"
        name="note"
        maxLength={500}
        autoComplete="off"
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <button type="button" disabled={submit.fetching} onClick={send}>
        Send for review
      </button>
      {problem ? <ErrorBox error={problem} /> : null}
    </div>
  );
}
