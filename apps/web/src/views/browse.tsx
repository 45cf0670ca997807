// Browsing: universities -> a university's branches and semesters -> a semester's subjects.
import { SemesterPageDocument, UniversityTreeDocument } from '@qpc/client/graphql';
import type { SemesterPageQuery } from '@qpc/client/graphql';
import { Link } from 'wouter';
import { homeQuery } from '../../server/first-page.js';
import { Breadcrumbs, Pending } from '../components/common.js';
import { Pager, usePageParam } from '../components/pager.js';
import { useTypedQuery } from '../graphql.js';
import { paths } from '../paths.js';

const PAGE_SIZE = 24;

/** The home page: the universities, a page at a time. */
export function HomeView() {
  const { document, variables } = homeQuery(usePageParam());
  const { data, error } = useTypedQuery(document, variables);
  return (
    <section>
      <h1>Find previous-year questions</h1>
      <p className="lead">
        Search above, or pick your university, branch and semester to see each subject’s syllabus:
        how often every topic was asked, its questions and their solutions.
      </p>
      <h2>Universities</h2>
      {!data ? (
        <Pending error={error} />
      ) : data.universities.items.length ? (
        <>
          <ul className="cards">
            {data.universities.items.map((u) => (
              <li key={u.id}>
                <Link href={paths.university(u.slug)} className="card">
                  <span className="card-title">{u.name}</span>
                  <span className="card-meta">{u.shortName}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager info={data.universities.pagination} label="Pages of universities" />
        </>
      ) : (
        <p className="empty">No universities yet.</p>
      )}
    </section>
  );
}

/** "Semester 3", or "Semester 5 · III-I" when the semester has a name of its own. */
function semesterLabel(semester: { number: number; name: string | null }): string {
  const plain = `Semester ${semester.number}`;
  return semester.name && semester.name !== plain ? `${plain} · ${semester.name}` : plain;
}

/** A university's branches, each with its semesters. */
export function UniversityView({ params }: { params: { slug: string } }) {
  const { data, error } = useTypedQuery(UniversityTreeDocument, { slug: params.slug });
  const university = data?.university;
  if (!university) return <Pending error={error ?? (data ? 'No such university' : null)} />;
  return (
    <section>
      <Breadcrumbs crumbs={[['Universities', '/'], [university.shortName]]} />
      <h1>{university.name}</h1>
      {university.branches.length ? (
        university.branches.map((branch) => (
          <section className="panel" aria-label={branch.name} key={branch.id}>
            <h2>{branch.code ? `${branch.name} (${branch.code})` : branch.name}</h2>
            {branch.semesters.length ? (
              <ul className="pills">
                {branch.semesters.map((semester) => (
                  <li key={semester.id}>
                    <Link href={paths.semester(university.slug, branch.id, semester.id)}>
                      {semesterLabel(semester)}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty">No semesters yet.</p>
            )}
          </section>
        ))
      ) : (
        <p className="empty">No branches yet.</p>
      )}
    </section>
  );
}

interface SemesterParams {
  slug: string;
  branchId: string;
  semesterId: string;
}

type SemesterPage = NonNullable<SemesterPageQuery>;

function SemesterSubjects({ offerings }: { offerings: SemesterPage['subjectOfferings'] }) {
  const { items, pagination } = offerings;
  if (!items.length) return <p className="empty">No subjects in this semester yet.</p>;
  return (
    <>
      <ul className="cards">
        {items.map((offering) => (
          <li key={offering.id}>
            <Link href={paths.offering(offering.id)} className="card">
              <span className="card-title">{offering.subject.name}</span>
              <span className="card-meta">
                {[offering.subject.code, offering.regulation].filter(Boolean).join(' · ')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager info={pagination} label="Pages of subjects" />
    </>
  );
}

/** The subjects taught in one semester of a branch. */
export function SemesterView({ params }: { params: SemesterParams }) {
  // One request for a direct landing too: the tree and the subjects in one document.
  const { data, error } = useTypedQuery(SemesterPageDocument, {
    slug: params.slug,
    branchId: params.branchId,
    semesterId: params.semesterId,
    page: usePageParam(),
    limit: PAGE_SIZE,
  });
  const university = data?.university;
  if (!university) return <Pending error={error ?? (data ? 'No such university' : null)} />;
  const branch = university.branches.find((b) => b.id === params.branchId);
  const semester = branch?.semesters.find((s) => s.id === params.semesterId);
  if (!branch || !semester) {
    return <p className="empty">This branch or semester is not part of the university.</p>;
  }
  return (
    <section>
      <Breadcrumbs
        crumbs={[
          ['Universities', '/'],
          [university.shortName, paths.university(university.slug)],
          [branch.code ?? branch.name, paths.university(university.slug)],
          [`Semester ${semester.number}`],
        ]}
      />
      <h1>{`${branch.name}: semester ${semester.number}`}</h1>
      <SemesterSubjects offerings={data.subjectOfferings} />
    </section>
  );
}
