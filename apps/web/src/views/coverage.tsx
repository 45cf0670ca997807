// Coverage beside the syllabus: per module and topic, the years it was examined, "asked in N of
// the last 5 sittings" and its question count; a heatmap of topics x sittings; empty topics stand out.
import type { ExamType } from '@qpc/client/graphql';
import { Link } from 'wouter';
import { questionCount } from '../components/common.js';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';
import type { Offering } from './offering-data.js';

// The coverage comes with the offering's own query (one request for the screen).
type Coverage = Offering['coverage'];
type Sitting = Coverage['sittings'][number];
type Figures = Pick<Coverage['modules'][number], 'questionCount' | 'years' | 'askedInLast'>;

const sittingKey = (s: { examYear: number; examType: ExamType }) => `${s.examYear}:${s.examType}`;
const sittingLabel = (s: Sitting) => `${EXAM_TYPE[s.examType]} ${s.examYear}`;

function AskedIn({ figures }: { figures: Figures }) {
  const { asked, of } = figures.askedInLast;
  return (
    <span className="asked">
      asked in {asked} of the last {of} {of === 1 ? 'sitting' : 'sittings'}
    </span>
  );
}

function Years({ years }: { years: number[] }) {
  return years.length ? (
    <span className="years">examined {years.join(', ')}</span>
  ) : (
    <span className="never">never examined</span>
  );
}

/** Questions of each topic per sitting, counted from the syllabus tree and the papers. */
function countsBySitting(offering: Offering): Map<string, Map<string, number>> {
  const sittingOfPaper = new Map(offering.papers.map((p) => [p.id, sittingKey(p)]));
  const counts = new Map<string, Map<string, number>>();
  for (const module of offering.syllabus?.modules ?? []) {
    for (const topic of module.topics) {
      const row = new Map<string, number>();
      for (const question of topic.questions) {
        const key = sittingOfPaper.get(question.paperId);
        if (key) row.set(key, (row.get(key) ?? 0) + 1);
      }
      counts.set(topic.id, row);
    }
  }
  return counts;
}

function Heatmap({ coverage, offering }: { coverage: Coverage; offering: Offering }) {
  const sittings = [...coverage.sittings].reverse();
  if (!sittings.length) return <p className="empty">No paper has been examined yet.</p>;
  const counts = countsBySitting(offering);
  return (
    <div className="heatmap-scroll">
      <table className="heatmap">
        <caption>Questions per topic in each of the last {sittings.length} sittings</caption>
        <thead>
          <tr>
            <th scope="col">Topic</th>
            {sittings.map((s) => (
              // The full label ("Quiz 2024"): a cut one ("Qui 2024") reads as a typo.
              <th scope="col" key={sittingKey(s)}>
                {sittingLabel(s)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {coverage.modules.flatMap((module) =>
            module.topics.map((topic) => (
              <tr key={topic.id} className={topic.questionCount ? '' : 'topic-empty'}>
                <th scope="row">{topic.title}</th>
                {sittings.map((s) => {
                  const n = counts.get(topic.id)?.get(sittingKey(s)) ?? 0;
                  return (
                    <td key={sittingKey(s)} className={`heat heat-${Math.min(n, 4)}`}>
                      <span className="visually-hidden">{`${sittingLabel(s)}: `}</span>
                      {n || <span aria-label="none">·</span>}
                    </td>
                  );
                })}
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A module's questions filed under no topic: counted in the module's figures, so they are listed
 * here (from the same request), each a link to its page.
 */
function WithoutTopic({ offering, moduleId }: { offering: Offering; moduleId: string }) {
  const questions =
    offering.syllabus?.modules
      .find((m) => m.id === moduleId)
      ?.questions.filter((q) => q.topicId === null) ?? [];
  if (!questions.length) return null;
  return (
    <details className="without-topic">
      <summary>{`${questionCount(questions.length)} with no topic`}</summary>
      <ul>
        {questions.map((question) => (
          <li key={question.id}>
            <Link href={paths.question(question.slug)}>{question.text}</Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The syllabus with each module's and topic's coverage beside it, then the heatmap. */
export function SyllabusCoverage({ offering }: { offering: Offering }) {
  const { coverage } = offering;
  if (!coverage.modules.length) return <p className="empty">No syllabus yet.</p>;
  return (
    <>
      <p className="lead">
        {`${coverage.papers.count} ${coverage.papers.count === 1 ? 'paper' : 'papers'}`}
        {coverage.papers.years.length ? `, ${coverage.papers.years.join(', ')}` : ''}. Topics never
        asked are marked.
      </p>
      <ol className="modules">
        {coverage.modules.map((module) => (
          <li className="module" key={module.id}>
            <h3>{module.title}</h3>
            <p className="figures">
              {questionCount(module.questionCount)} · <AskedIn figures={module} /> ·{' '}
              <Years years={module.years} />
            </p>
            <WithoutTopic offering={offering} moduleId={module.id} />
            <ul className="topics">
              {module.topics.map((topic) => (
                <li key={topic.id} className={topic.questionCount ? 'topic' : 'topic topic-empty'}>
                  <Link href={paths.topic(offering.id, topic.id)}>{topic.title}</Link>
                  <span className="figures">
                    <span className="count">{questionCount(topic.questionCount)}</span>
                    {topic.questionCount ? (
                      <>
                        <AskedIn figures={topic} />
                        <Years years={topic.years} />
                      </>
                    ) : (
                      <span className="chip never-asked">Never asked</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {coverage.unassigned.questionCount ? (
        <p className="note">
          {questionCount(coverage.unassigned.questionCount)} not filed under any module.
        </p>
      ) : null}
      <h2>Topics by sitting</h2>
      <Heatmap coverage={coverage} offering={offering} />
    </>
  );
}
