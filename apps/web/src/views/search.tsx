// Search results: grouped by type, the contract's facets (type, year, university) as filters,
// snippets with the matched words marked, numbered pages. The URL holds it all: shareable.
import type { SearchQuery, SearchType } from '@qpc/client/graphql';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Pending } from '../components/common.js';
import { Highlight } from '../components/highlight.js';
import { searchQuery } from '../../server/first-page.js';
import { Pager } from '../components/pager.js';
import { useTypedQuery } from '../graphql.js';
import { paths } from '../paths.js';

type Hit = SearchQuery['search']['items'][number];
type Facets = SearchQuery['search']['facets'];
type FacetUniversities = SearchQuery['facetUniversities']['items'];

const TYPES: { type: SearchType; param: string; plural: string }[] = [
  { type: 'TOPIC', param: 'topic', plural: 'Topics' },
  { type: 'QUESTION', param: 'question', plural: 'Questions' },
  { type: 'PAPER', param: 'paper', plural: 'Papers' },
  { type: 'SUBJECT', param: 'subject', plural: 'Subjects' },
];

function hitLink(hit: Hit): string {
  if (hit.type === 'PAPER') return paths.paper(hit.slug);
  if (hit.type === 'QUESTION') return paths.question(hit.slug);
  // A topic leads to its questions.
  if (hit.type === 'TOPIC' && hit.context.subjectOfferingId)
    return paths.topic(hit.context.subjectOfferingId, hit.id);
  return paths.subject(hit.id);
}

/**
 * "asked 3×: 2023, 2022 (NFIT, RSU)": the sittings a grouped question was set in, in the API's
 * order (the hit is the newest, alsoAsked newest first), each year and university once.
 */
export function askedLine(hit: Hit): string | null {
  const also = hit.context.alsoAsked;
  if (!also.length) return null;
  const { paper, university } = hit.context;
  const years = new Set([...(paper ? [paper.examYear] : []), ...also.map((a) => a.examYear)]);
  const places = new Set([
    ...(university ? [university.shortName] : []),
    ...also.map((a) => a.universityShortName),
  ]);
  return `asked ${also.length + 1}×: ${[...years].join(', ')} (${[...places].join(', ')})`;
}

/** Where a hit sits, in the words a student reads: paper, year, university, subject, marks, topic. */
function contextLine(hit: Hit): string {
  const c = hit.context;
  const parts: string[] = [];
  if (hit.type === 'QUESTION' && c.paper) parts.push(c.paper.title);
  if (c.paper && hit.type !== 'PAPER') parts.push(String(c.paper.examYear));
  if (c.university) parts.push(c.university.shortName);
  if (c.subject && hit.type !== 'SUBJECT') parts.push(c.subject.name);
  if (hit.type === 'TOPIC' && c.module) parts.push(c.module.title);
  if (typeof c.marks === 'number') parts.push(c.marks === 1 ? '1 mark' : `${c.marks} marks`);
  if (hit.type === 'QUESTION' && c.topic) parts.push(`Topic: ${c.topic.title}`);
  if (c.askedInLast && c.askedInLast.of > 0)
    parts.push(`asked in ${c.askedInLast.asked} of the last ${c.askedInLast.of} sittings`);
  return parts.join(' · ');
}

/** The search URL with one filter set (or removed with null); any filter change goes to page 1. */
function withFilter(params: URLSearchParams, name: string, value: string | null): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (value === null) next.delete(name);
  else next.set(name, value);
  return `/search?${next.toString()}`;
}

function FacetList(props: {
  title: string;
  name: string;
  params: URLSearchParams;
  entries: { value: string; label: string; count: number }[];
}) {
  const current = props.params.get(props.name);
  if (!props.entries.length) return null;
  return (
    <section className="facet" aria-label={`Filter by ${props.title.toLowerCase()}`}>
      <h2>{props.title}</h2>
      <ul>
        {current ? (
          <li>
            <Link href={withFilter(props.params, props.name, null)}>
              Any {props.title.toLowerCase()}
            </Link>
          </li>
        ) : null}
        {props.entries.map((entry) => (
          <li key={entry.value}>
            {current === entry.value ? (
              <span aria-current="true" className="facet-current">
                {entry.label} ({entry.count})
              </span>
            ) : (
              <Link href={withFilter(props.params, props.name, entry.value)}>
                {entry.label} ({entry.count})
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function FacetFilters(props: {
  facets: Facets;
  universities: FacetUniversities;
  params: URLSearchParams;
}) {
  const { facets, params } = props;
  // The names come with the search itself: one request for the screen.
  const names = new Map(props.universities.map((u) => [u.id, u.shortName]));
  // On a phone the results come first: the facets open from "Filters" (always shown when wider).
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="search-filters">
      <button
        type="button"
        className="filters-button"
        aria-expanded={isOpen}
        aria-controls="search-facets"
        onClick={() => setIsOpen(!isOpen)}
      >
        Filters
      </button>
      <aside id="search-facets" className={isOpen ? 'facets open' : 'facets'} aria-label="Filters">
        <FacetList
          title="Type"
          name="type"
          params={params}
          entries={TYPES.map((t) => ({
            value: t.param,
            label: t.plural,
            count: facets.type[t.param as keyof Facets['type']],
          })).filter((e) => e.count > 0 || params.get('type') === e.value)}
        />
        <FacetList
          title="Year"
          name="year"
          params={params}
          entries={facets.examYear.map((f) => ({ value: f.value, label: f.value, count: f.count }))}
        />
        <FacetList
          title="University"
          name="university"
          params={params}
          entries={facets.universityId.map((f) => ({
            value: f.value,
            label: names.get(f.value) ?? 'A university',
            count: f.count,
          }))}
        />
      </aside>
    </div>
  );
}

function Results({ q, params }: { q: string; params: URLSearchParams }) {
  const isAsTyped = params.get('asTyped') === '1';
  // The same query the server asks for a search opened by its link (first-page.ts).
  const { document, variables } = searchQuery(q, params);
  const { data, error } = useTypedQuery(document, variables);
  if (!data) return <Pending error={error} />;
  const { hint, corrected } = data.search;
  if (hint) return <p className="empty hint">{hint}</p>;
  // A correction is made only when the words as typed match nothing: as typed, nothing is found.
  if (isAsTyped && corrected)
    return (
      <p className="empty">
        Nothing matches every word of “{q}” as typed.{' '}
        <Link href={withFilter(params, 'asTyped', null)}>Show results for “{corrected}”</Link>
      </p>
    );
  const { items, pagination, facets } = data.search;
  const shown = corrected ?? q;
  return (
    <div className="search-layout">
      <FacetFilters facets={facets} universities={data.facetUniversities.items} params={params} />
      <div className="search-results">
        {corrected ? (
          <p className="corrected">
            Showing results for <strong>“{corrected}”</strong>.{' '}
            <Link href={withFilter(params, 'asTyped', '1')}>Search for “{q}” as typed</Link>
          </p>
        ) : null}
        <p className="lead" role="status">
          {pagination.total === 1 ? '1 result' : `${pagination.total ?? items.length} results`} for
          “{shown}”
        </p>
        {items.length === 0 ? (
          <p className="empty">Nothing matches every word. Try fewer or shorter words.</p>
        ) : null}
        {TYPES.map(({ type: kind, plural }) => {
          const hits = items.filter((hit) => hit.type === kind);
          if (!hits.length) return null;
          return (
            <section key={kind} className="hit-group" aria-label={plural}>
              <h2>{plural}</h2>
              <ol className="hits">
                {hits.map((hit) => (
                  <li key={hit.id} className="hit">
                    <Link href={hitLink(hit)} className="hit-title">
                      <Highlight text={hit.title} query={shown} />
                    </Link>
                    <p className="hit-context">{contextLine(hit)}</p>
                    {askedLine(hit) ? <p className="asked">{askedLine(hit)}</p> : null}
                    {hit.snippet !== hit.title ? (
                      <p className="snippet">
                        <Highlight text={hit.snippet} query={shown} />
                      </p>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          );
        })}
        <Pager info={pagination} label="Pages of results" />
      </div>
    </div>
  );
}

export function SearchView() {
  const params = new URLSearchParams(useSearch());
  const q = params.get('q')?.trim() ?? '';
  return (
    <section>
      <h1>{q ? `Search: ${q}` : 'Search'}</h1>
      {q ? (
        <Results q={q} params={params} />
      ) : (
        <p className="empty">
          Type words in the search box above: questions, papers and subjects that contain them all
          are listed here.
        </p>
      )}
    </section>
  );
}
