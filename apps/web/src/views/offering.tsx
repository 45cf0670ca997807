// A subject offering: its papers (year, type, question count, PDF), then its syllabus with
// coverage beside it and the heatmap.
import { Link } from 'wouter';
import { useSession } from '../auth/session.js';
import { Breadcrumbs, Chip, Pending, questionCount } from '../components/common.js';
import { EXAM_TYPE, STATUS } from '../labels.js';
import { paths } from '../paths.js';
import { SyllabusCoverage } from './coverage.js';
import { offeringCrumbs, useOffering } from './offering-data.js';
import type { Offering } from './offering-data.js';

function Papers({ offering }: { offering: Offering }) {
  const { canEdit } = useSession();
  return (
    <section className="panel">
      <h2>Papers</h2>
      {offering.papers.length ? (
        <ul className="list">
          {offering.papers.map((paper) => (
            <li key={paper.id}>
              <Link href={paths.paper(paper.slug)}>{paper.title}</Link>
              <span className="paper-meta">
                {[
                  `${EXAM_TYPE[paper.examType]} ${paper.examYear}`,
                  questionCount(paper.questionCount),
                  paper.file ? 'PDF' : 'no PDF yet',
                ].join(' · ')}
              </span>{' '}
              {paper.status === 'APPROVED' ? null : (
                <Chip kind={`status status-${paper.status.toLowerCase()}`}>
                  {STATUS[paper.status]}
                </Chip>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">No papers yet.</p>
      )}
      {canEdit ? (
        <p>
          <Link href={paths.newPaper(offering.id)} className="button-link">
            Add a paper
          </Link>
        </p>
      ) : null}
    </section>
  );
}

export function OfferingView({ params }: { params: { offeringId: string } }) {
  const { offering, error } = useOffering(params.offeringId);
  if (!offering) return <Pending error={error} />;
  const { subject, university, branch, semester } = offering;
  return (
    <section>
      <Breadcrumbs crumbs={offeringCrumbs(offering)} />
      <h1>{subject.code ? `${subject.name} (${subject.code})` : subject.name}</h1>
      <p className="lead">
        {[university.name, branch.name, `semester ${semester.number}`, offering.regulation]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {/* The papers first: on a phone the syllabus below them is several screens long. */}
      <Papers offering={offering} />
      <section className="panel syllabus">
        <h2>Syllabus and how it was examined</h2>
        <SyllabusCoverage offering={offering} />
      </section>
    </section>
  );
}
