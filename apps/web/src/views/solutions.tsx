// A question's solutions: votes for everyone signed in but on their own; the author edits or
// deletes their own; a signed-in user writes one from "Write a solution".
import {
  CreateSolutionDocument,
  DeleteSolutionDocument,
  UpdateSolutionDocument,
  VoteSolutionDocument,
} from '@qpc/client/graphql';
import type { SolutionVotesFragment } from '@qpc/client/graphql';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useSession } from '../auth/session.js';
import { Chip } from '../components/common.js';
import { ErrorBox } from '../components/error-box.js';
import { useTypedMutation } from '../graphql.js';

/** What a vote changed, shown at once from the vote's own answer. */
type Tally = Pick<SolutionVotesFragment, 'score' | 'upvotes' | 'downvotes' | 'myVote'>;

/**
 * Up, score, down for a signed-in reader of someone else's solution (pressing the vote one gave
 * withdraws it); the score alone, with "Sign in to vote", for a visitor; the score alone on one's
 * own solution. A refusal is reported to `onProblem`, drawn under the whole row.
 */
function Votes(props: {
  solution: SolutionVotesFragment;
  canVote: boolean;
  isSignedIn: boolean;
  onProblem: (problem: unknown) => void;
}) {
  const { solution } = props;
  const vote = useTypedMutation(VoteSolutionDocument);
  const [tally, setTally] = useState<Tally>(solution);
  // The vote this reader cast here, until an answer from the server knows of it.
  const [cast, setCast] = useState<Tally['myVote'] | undefined>(undefined);
  // A fresh answer from the server (after a reload or a sign-in) replaces what the vote showed,
  // unless it was asked before the vote landed (a sign-in's refresh still on its way): that one
  // would undo the vote on screen.
  useEffect(() => {
    if (cast !== undefined && (solution.myVote ?? null) !== cast) return;
    setCast(undefined);
    setTally(solution);
  }, [solution, cast]);
  const castVote = (value: 1 | -1) => {
    props.onProblem(null);
    vote.run({ id: solution.id, value: tally.myVote === value ? 0 : value }).then((result) => {
      setCast(result.voteSolution.myVote ?? null);
      setTally(result.voteSolution);
    }, props.onProblem);
  };
  const score = (
    <span className="score" aria-label="Score">
      {tally.score}
    </span>
  );
  return (
    <div className="votes-block">
      {props.canVote ? (
        <div className="votes" role="group" aria-label="Votes">
          <button
            type="button"
            className="vote up"
            aria-label="Upvote"
            aria-pressed={tally.myVote === 1}
            disabled={vote.fetching}
            onClick={() => castVote(1)}
          >
            ▲
          </button>
          {score}
          <button
            type="button"
            className="vote down"
            aria-label="Downvote"
            aria-pressed={tally.myVote === -1}
            disabled={vote.fetching}
            onClick={() => castVote(-1)}
          >
            ▼
          </button>
        </div>
      ) : (
        <div className="votes">{score}</div>
      )}
      <span className="counts">{`${tally.upvotes} up · ${tally.downvotes} down`}</span>
      {props.isSignedIn ? null : <span className="counts">Sign in to vote</span>}
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
  /** Take the focus when shown (opened by "Write a solution"). */
  isFocused?: boolean;
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
      <textarea
        id={id}
        rows={4}
        value={text}
        autoFocus={props.isFocused}
        onChange={(e) => setText(e.target.value)}
        required
      />
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
  // A message about what the reader could not do is void once they sign in or out.
  useEffect(() => setProblem(null), [user?.id]);
  const isMine = !!user && solution.authorId === user.id;
  return (
    <article className="solution">
      <div className="solution-row">
        <Votes
          solution={solution}
          canVote={!!user && !isMine}
          isSignedIn={!!user}
          onProblem={setProblem}
        />
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
        </div>
      </div>
      {problem ? <ErrorBox error={problem} /> : null}
    </article>
  );
}

/**
 * The solutions in the order first shown, new ones after them: a vote (or the refresh after it)
 * never moves a row from under the reader's pointer. A new visit shows the server's order.
 */
function useSteadyOrder(solutions: SolutionVotesFragment[]): SolutionVotesFragment[] {
  const order = useRef<string[]>([]);
  for (const solution of solutions) {
    if (!order.current.includes(solution.id)) order.current.push(solution.id);
  }
  const rank = new Map(order.current.map((id, i) => [id, i]));
  return [...solutions].sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
}

/** "Write a solution", which opens the field; a visitor is told to sign in. */
function WriteSolution(props: { questionId: string; onChange: () => void }) {
  const { user } = useSession();
  const create = useTypedMutation(CreateSolutionDocument);
  const [isOpen, setIsOpen] = useState(false);
  if (!user) return <p className="note">Sign in to write a solution or vote.</p>;
  if (!isOpen) {
    return (
      <p>
        <button type="button" onClick={() => setIsOpen(true)}>
          Write a solution
        </button>
      </p>
    );
  }
  return (
    <SolutionForm
      label="Your solution"
      submit="Post"
      isFocused
      onSave={async (content) => {
        await create.run({ questionId: props.questionId, content });
        setIsOpen(false);
        props.onChange();
      }}
      onCancel={() => setIsOpen(false)}
    />
  );
}

export function Solutions(props: {
  questionId: string;
  solutions: SolutionVotesFragment[];
  onChange: () => void;
  /** The level of the list's heading, one below the screen's heading above it. */
  level: 2 | 3;
}) {
  const solutions = useSteadyOrder(props.solutions);
  const Heading = props.level === 2 ? 'h2' : 'h3';
  return (
    // Not a named region: one per question would repeat the same landmark name down the page.
    <section className="solutions">
      <Heading className="solutions-title">
        {solutions.length ? 'Solutions' : 'No solution yet'}
      </Heading>
      {solutions.map((solution) => (
        <Solution key={solution.id} solution={solution} onChange={props.onChange} />
      ))}
      <WriteSolution questionId={props.questionId} onChange={props.onChange} />
    </section>
  );
}
