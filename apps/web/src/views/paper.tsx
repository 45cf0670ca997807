// A paper: its PDF, its questions with their solutions and votes; editors edit it.
import { PaperDocument } from '@qpc/client/graphql';
import type { PaperQuery } from '@qpc/client/graphql';
import { Link } from 'wouter';
import { useSession } from '../auth/session.js';
import { Breadcrumbs, Chip, Pending, QuestionDetails } from '../components/common.js';
import { AlsoAsked, QuestionMeta, topicsById } from '../components/question-place.js';
import type { TopicRef } from '../components/question-place.js';
import { useTypedQuery } from '../graphql.js';
import { EXAM_TYPE, STATUS } from '../labels.js';
import { paths } from '../paths.js';
import { offeringCrumbs } from './offering-data.js';
import { PaperFile } from './paper-file.js';
import { Solutions } from './solutions.js';

export type Paper = NonNullable<PaperQuery['paper']>;
type Question = Paper['questions'][number];

function QuestionItem(props: {
  question: Question;
  topic: TopicRef | undefined;
  onChange: () => void;
}) {
  const { question } = props;
  return (
    <li className="question">
      <p className="question-text">{question.text}</p>
      <QuestionMeta slug={question.slug} topic={props.topic} />
      <QuestionDetails question={question} />
      <AlsoAsked similar={question.similar} />
      <Solutions
        questionId={question.id}
        solutions={question.solutions}
        onChange={props.onChange}
        level={3}
      />
    </li>
  );
}

/** The paper's header: where it belongs, its sitting and status, and its history for editors. */
export function PaperHeading({ paper }: { paper: Paper }) {
  const offering = paper.subjectOffering;
  return (
    <>
      <Breadcrumbs crumbs={offeringCrumbs(offering, paper.title)} />
      <h1>{paper.title}</h1>
      <div className="chips">
        <Chip>{`${EXAM_TYPE[paper.examType]} ${paper.examYear}`}</Chip>
        <Chip kind={`status status-${paper.status.toLowerCase()}`}>{STATUS[paper.status]}</Chip>
      </div>
    </>
  );
}

export function usePaper(slug: string) {
  const { data, error, reexecute } = useTypedQuery(PaperDocument, { slug });
  const paper = data?.paper ?? undefined;
  return {
    paper,
    error: error ?? (data && !paper ? 'No such paper' : null),
    refresh: () => reexecute({ requestPolicy: 'network-only' }),
  };
}

export function PaperView({ params }: { params: { slug: string } }) {
  const { canEdit } = useSession();
  const { paper, error, refresh } = usePaper(params.slug);
  if (!paper) return <Pending error={error} />;
  const topics = topicsById(paper.subjectOffering.id, paper.subjectOffering.syllabus);
  return (
    <section>
      <PaperHeading paper={paper} />
      <PaperFile paper={paper} />
      {canEdit ? (
        <p>
          <Link href={paths.editPaper(paper.slug)} className="button-link">
            Edit this paper
          </Link>{' '}
          {paper.file ? (
            <Link href={paths.paperDrafts(paper.slug)} className="button-link">
              Review drafts from the PDF
            </Link>
          ) : null}
        </p>
      ) : null}
      {paper.statusHistory?.length ? (
        <details className="history">
          <summary>Status history</summary>
          <ul>
            {paper.statusHistory.map((change) => (
              <li key={change.at}>
                {`${STATUS[change.from]} → ${STATUS[change.to]}`}
                {change.reason ? `: ${change.reason}` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <h2>Questions</h2>
      {paper.questions.length ? (
        <ol className="questions">
          {paper.questions.map((question) => (
            <QuestionItem
              key={question.id}
              question={question}
              topic={question.topicId ? topics.get(question.topicId) : undefined}
              onChange={refresh}
            />
          ))}
        </ol>
      ) : (
        <p className="empty">No questions on this paper yet.</p>
      )}
    </section>
  );
}
