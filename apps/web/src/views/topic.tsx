// One topic of the syllabus: its questions a page at a time, each with the paper and year it was
// asked in.
import { Link } from 'wouter';
import { Breadcrumbs, Pending, QuestionChips, questionCount } from '../components/common.js';
import { Pager, usePageParam } from '../components/pager.js';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';
import { offeringCrumbs, useOffering } from './offering-data.js';
import type { Offering } from './offering-data.js';

const PAGE_SIZE = 10;

type Topic = NonNullable<Offering['syllabus']>['modules'][number]['topics'][number];

/**
 * The topic's questions a page at a time, from the offering's syllabus already asked for (its
 * topics carry their questions): the screen costs the offering's one request, none when the
 * offering's screen was seen before.
 */
function TopicQuestions({ offering, topic }: { offering: Offering; topic: Topic }) {
  const asked = usePageParam();
  const total = topic.questions.length;
  if (!total) return <p className="empty">No question on this topic yet.</p>;
  const totalPages = Math.ceil(total / PAGE_SIZE);
  const page = Math.min(asked, totalPages);
  const items = topic.questions.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const pagination = {
    page,
    totalPages,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
  const papers = new Map(offering.papers.map((p) => [p.id, p]));
  return (
    <>
      <ol className="questions" start={(page - 1) * PAGE_SIZE + 1}>
        {items.map((question) => {
          const paper = papers.get(question.paperId);
          return (
            <li className="question" key={question.id}>
              <p className="question-text">{question.text}</p>
              <QuestionChips question={question} />
              {paper ? (
                <p className="source">
                  Asked in <Link href={paths.paper(paper.slug)}>{paper.title}</Link> (
                  {EXAM_TYPE[paper.examType]} {paper.examYear})
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Pager info={pagination} label="Pages of questions" />
    </>
  );
}

export function TopicView({ params }: { params: { offeringId: string; topicId: string } }) {
  const { offering, error } = useOffering(params.offeringId);
  if (!offering) return <Pending error={error} />;
  const module = offering.syllabus?.modules.find((m) =>
    m.topics.some((t) => t.id === params.topicId),
  );
  const topic = module?.topics.find((t) => t.id === params.topicId);
  if (!module || !topic) return <p className="empty">This topic is not in the syllabus.</p>;
  // The years the coverage gives (distinct, ascending): the web does not recount them.
  const years =
    offering.coverage.modules.flatMap((m) => m.topics).find((t) => t.id === topic.id)?.years ?? [];
  return (
    <section>
      <Breadcrumbs crumbs={offeringCrumbs(offering, topic.title)} />
      <h1>{topic.title}</h1>
      <p className="lead">
        {module.title} · {questionCount(topic.questions.length)}
        {years.length ? ` · asked in ${years.join(', ')}` : ''}
      </p>
      <TopicQuestions offering={offering} topic={topic} />
    </section>
  );
}
