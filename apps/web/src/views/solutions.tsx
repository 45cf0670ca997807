// A question's solutions: votes for everyone signed in; the author edits or deletes their own;
// a signed-in user writes one.
import {
  CreateSolutionDocument,
  DeleteSolutionDocument,
  UpdateSolutionDocument,
  VoteSolutionDocument,
} from '@qpc/client/graphql';
import type { SolutionVotesFragment } from '@qpc/client/graphql';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useSession } from '../auth/session.js';
import { Chip } from '../components/common.js';
import { ErrorBox } from '../components/error-box.js';
import { useTypedMutation } from '../graphql.js';

/** Up, score, down; pressing the vote one already gave withdraws it. */
function Votes({ solution, onChange }: { solution: SolutionVotesFragment; onChange: () => void }) {
  const vote = useTypedMutation(VoteSolutionDocument);
  const [problem, setProblem] = useState<unknown>(null);
  const cast = (value: 1 | -1) => {
    setProblem(null);
    vote
      .run({ id: solution.id, value: solution.myVote === value ? 0 : value })
      .then(onChange, setProblem);
  };
  return (
    <div className="votes-block">
      <div className="votes" role="group" aria-label="Votes">
        <button
          type="button"
          className="vote up"
          aria-label="Upvote"
          aria-pressed={solution.myVote === 1}
          disabled={vote.fetching}
          onClick={() => cast(1)}
        >
          ▲
        </button>
        <span className="score" aria-label="Score">
          {solution.score}
        </span>
        <button
          type="button"
          className="vote down"
          aria-label="Downvote"
          aria-pressed={solution.myVote === -1}
          disabled={vote.fetching}
          onClick={() => cast(-1)}
        >
          ▼
        </button>
      </div>
      <span className="counts">{`${solution.upvotes} up · ${solution.downvotes} down`}</span>
      {problem ? <ErrorBox error={problem} /> : null}
    </div>
  );
}

/** A text box labelled `label` and a submit button; calls `onSave` with the trimmed text. */
function SolutionForm(props: {
  label: string;
  submit: string;
  initial?: string;
  onSave: (content: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(props.initial ?? '');
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setIsBusy(true);
    setProblem(null);
    props.onSave(text.trim()).then(
      () => {
        setIsBusy(false);
        if (!props.initial) setText('');
      },
      (error: unknown) => {
        setIsBusy(false);
        setProblem(error);
      },
    );
  };
  return (
    <form className="solution-form" onSubmit={save}>
      <label htmlFor={id}>{props.label}</label>
      <textarea id={id} rows={4} value={text} onChange={(e) => setText(e.target.value)} required />
      <div className="buttons">
        <button type="submit" disabled={isBusy}>
          {props.submit}
        </button>
        {props.onCancel ? (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {problem ? <ErrorBox error={problem} /> : null}
    </form>
  );
}

function Solution({
  solution,
  onChange,
}: {
  solution: SolutionVotesFragment;
  onChange: () => void;
}) {
  const { user } = useSession();
  const update = useTypedMutation(UpdateSolutionDocument);
  const remove = useTypedMutation(DeleteSolutionDocument);
  const [isEditing, setIsEditing] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const isMine = !!user && solution.authorId === user.id;
  return (
    <article className="solution">
      <Votes solution={solution} onChange={onChange} />
      <div className="solution-body">
        {isMine ? <Chip kind="mine">Your solution</Chip> : null}
        {isEditing ? (
          <SolutionForm
            label="Edit your solution"
            submit="Save"
            initial={solution.content}
            onSave={async (content) => {
              await update.run({ id: solution.id, content });
              setIsEditing(false);
              onChange();
            }}
            onCancel={() => setIsEditing(false)}
          />
        ) : (
          <p className="solution-text">{solution.content}</p>
        )}
        {isMine && !isEditing ? (
          <div className="buttons">
            <button type="button" onClick={() => setIsEditing(true)}>
              Edit
            </button>
            <button
              type="button"
              className="danger"
              disabled={remove.fetching}
              onClick={() => {
                setProblem(null);
                remove.run({ id: solution.id }).then(onChange, setProblem);
              }}
            >
              Delete
            </button>
          </div>
        ) : null}
        {problem ? <ErrorBox error={problem} /> : null}
      </div>
    </article>
  );
}

export function Solutions(props: {
  questionId: string;
  solutions: SolutionVotesFragment[];
  onChange: () => void;
}) {
  const { user } = useSession();
  const create = useTypedMutation(CreateSolutionDocument);
  return (
    <section className="solutions" aria-label="Solutions">
      <h3>{props.solutions.length ? 'Solutions' : 'No solution yet'}</h3>
      {props.solutions.map((solution) => (
        <Solution key={solution.id} solution={solution} onChange={props.onChange} />
      ))}
      {user ? (
        <SolutionForm
          label="Your solution"
          submit="Post"
          onSave={async (content) => {
            await create.run({ questionId: props.questionId, content });
            props.onChange();
          }}
        />
      ) : (
        <p className="note">Sign in to write a solution or vote.</p>
      )}
    </section>
  );
}
