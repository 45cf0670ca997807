// Where a search hit leads when it is not a paper: a question (with its topic, paper and
// solutions) and a subject (the universities and semesters that teach it).
import { QuestionBySlugDocument, SubjectOfferingsDocument } from '@qpc/client/graphql';
import type { QuestionBySlugQuery } from '@qpc/client/graphql';
import { Link } from 'wouter';
import { Breadcrumbs, Pending, QuestionDetails } from '../components/common.js';
import { Pager, usePageParam } from '../components/pager.js';
import { AlsoAsked, topicsById } from '../components/question-place.js';
import { useTypedQuery } from '../graphql.js';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';
import { offeringCrumbs } from './offering-data.js';
import { Solutions } from './solutions.js';

type QuestionData = NonNullable<QuestionBySlugQuery['question']>;

/** The question's place, from the same request as the question: crumbs, paper, topic. */
function QuestionPlace({ question }: { question: QuestionData }) {
  const offering = question.subjectOffering;
  const paper = offering.papers.find((p) => p.id === question.paperId);
  const topic = question.topicId
    ? topicsById(offering.id, offering.syllabus).get(question.topicId)
    : undefined;
  return (
    <>
      <Breadcrumbs crumbs={offeringCrumbs(offering, 'Question')} />
      <p className="source">
        {paper ? (
          <>
            Asked in <Link href={paths.paper(paper.slug)}>{paper.title}</Link> (
            {EXAM_TYPE[paper.examType]} {paper.examYear})
          </>
        ) : null}
        {topic ? (
          <>
            {paper ? ' · ' : ''}Topic{' '}
            <Link href={paths.topic(offering.id, topic.id)}>{topic.title}</Link>
            {' · '}
            <Link href={paths.offering(offering.id)}>
              Other questions of the module {topic.moduleTitle}
            </Link>
          </>
        ) : (
          <>
            {paper ? ' · ' : ''}
            <Link href={paths.offering(offering.id)}>Other questions of this subject</Link>
          </>
        )}
      </p>
    </>
  );
}

export function QuestionView({ params }: { params: { slug: string } }) {
  const { data, error, reexecute } = useTypedQuery(QuestionBySlugDocument, { slug: params.slug });
  const question = data?.question;
  if (!question) return <Pending error={error ?? (data ? 'No such question' : null)} />;
  return (
    <section>
      <QuestionPlace question={question} />
      <h1 className="question-heading">{question.text}</h1>
      <QuestionDetails question={question} />
      <AlsoAsked similar={question.similar} />
      <Solutions
        questionId={question.id}
        solutions={question.solutions}
        onChange={() => reexecute({ requestPolicy: 'network-only' })}
        level={2}
      />
    </section>
  );
}

export function SubjectView({ params }: { params: { subjectId: string } }) {
  const page = usePageParam();
  const { data, error } = useTypedQuery(SubjectOfferingsDocument, {
    subjectId: params.subjectId,
    page,
    limit: 20,
  });
  if (!data) return <Pending error={error} />;
  const { items, pagination } = data.subjectOfferings;
  const subject = items[0]?.subject;
  return (
    <section>
      <h1>{subject ? subject.name : 'Subject'}</h1>
      <p className="lead">Where it is taught: pick one to see its syllabus and papers.</p>
      {items.length ? (
        <ul className="cards">
          {items.map((o) => (
            <li key={o.id}>
              <Link href={paths.offering(o.id)} className="card">
                <span className="card-title">{o.university.name}</span>
                <span className="card-meta">
                  {[o.branch.name, `semester ${o.semester.number}`, o.regulation]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">No university teaches this subject yet.</p>
      )}
      <Pager info={pagination} label="Pages of offerings" />
    </section>
  );
}
