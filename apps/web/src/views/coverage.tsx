// Coverage beside the syllabus: per module and topic, the years it was examined, "asked in N of
// the last 5 sittings" and its question count; a heatmap of topics x sittings; empty topics stand out.
import { Link } from 'wouter';
import { questionCount } from '../components/common.js';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';
import type { Offering } from './offering-data.js';

// The coverage comes with the offering's own query (one request for the screen).
type Coverage = Offering['coverage'];
type Sitting = Coverage['sittings'][number];
type Figures = Pick<Coverage['modules'][number], 'questionCount' | 'years' | 'askedInLast'>;

const sittingKey = (s: Sitting) => `${s.examYear} ${s.examType}`;
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

/** Topics by sitting, newest sitting first: the coverage's own figures, in its order. */
function Heatmap({ coverage }: { coverage: Coverage }) {
  const { sittings } = coverage;
  if (!sittings.length) return <p className="empty">No paper has been examined yet.</p>;
  return (
    // Wider than a phone with many sittings: focusable, so a keyboard can scroll it sideways.
    <div
      className="heatmap-scroll"
      tabIndex={0}
      role="region"
      aria-label="Questions per topic and sitting"
    >
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
                {topic.bySitting.map(({ questionCount: n }, i) => (
                  <td key={sittingKey(sittings[i]!)} className={`heat heat-${Math.min(n, 4)}`}>
                    <span className="visually-hidden">{`${sittingLabel(sittings[i]!)}: `}</span>
                    {n || <span aria-label="none">·</span>}
                  </td>
                ))}
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
      <Heatmap coverage={coverage} />
    </>
  );
}
