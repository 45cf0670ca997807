// Pieces several screens share: loading and error states, breadcrumbs, chips.
import type { QuestionSummaryFragment } from '@qpc/client/graphql';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { DIFFICULTY, QUESTION_TYPE, marks } from '../labels.js';
import { ErrorBox } from './error-box.js';

/** What a screen shows before its data: the error if the request failed, else "Loading…". */
export function Pending({ error }: { error: unknown }) {
  if (error) return <ErrorBox error={error} />;
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  );
}

/** `Universities / NFIT / ...`; the crumb without a link is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: [label: string, link?: string][] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map(([label, link]) => (
          <li key={`${label}${link ?? ''}`}>
            {link ? <Link href={link}>{label}</Link> : <span aria-current="page">{label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function Chip({ children, kind = '' }: { children: ReactNode; kind?: string }) {
  if (children === null || children === undefined || children === '') return null;
  return <span className={`chip ${kind}`.trim()}>{children}</span>;
}

/** Type, difficulty and marks of a question. */
export function QuestionChips({ question }: { question: QuestionSummaryFragment }) {
  return (
    <div className="chips">
      <Chip>{QUESTION_TYPE[question.type]}</Chip>
      <Chip kind={`difficulty-${question.difficulty.toLowerCase()}`}>
        {DIFFICULTY[question.difficulty]}
      </Chip>
      <Chip>{marks(question.marks)}</Chip>
    </div>
  );
}

/** A question's type, difficulty and marks, its options (MCQ) and its answer behind a toggle. */
export function QuestionDetails(props: {
  question: QuestionSummaryFragment & { options: string[] | null; answer: string | null };
}) {
  const { question } = props;
  return (
    <>
      <QuestionChips question={question} />
      {question.options?.length ? (
        <ol className="options" type="a">
          {question.options.map((option) => (
            <li key={option}>{option}</li>
          ))}
        </ol>
      ) : null}
      {question.answer ? (
        <details>
          <summary>Show answer</summary>
          <p>{question.answer}</p>
        </details>
      ) : null}
    </>
  );
}

/** A labelled choice among an enum's values, shown by their labels. */
export function EnumSelect<T extends string>(props: {
  label: string;
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {(Object.entries(props.labels) as [T, string][]).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "3 questions", "1 question", "No questions yet". */
export function questionCount(count: number): string {
  if (count === 0) return 'No questions yet';
  return `${count} ${count === 1 ? 'question' : 'questions'}`;
}

/** A short confirmation, announced to screen readers. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}
