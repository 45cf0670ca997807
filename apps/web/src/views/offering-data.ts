// A subject offering's syllabus and papers (one request, shared by the offering and topic screens).
import { OfferingSyllabusDocument } from '@qpc/client/graphql';
import type { OfferingPlaceFragment, OfferingSyllabusQuery } from '@qpc/client/graphql';
import { useTypedQuery } from '../graphql.js';
import { paths } from '../paths.js';

export type Offering = NonNullable<OfferingSyllabusQuery['subjectOffering']>;

export function useOffering(id: string) {
  const { data, error } = useTypedQuery(OfferingSyllabusDocument, { id });
  const offering = data?.subjectOffering ?? undefined;
  return { offering, error: error ?? (data && !offering ? 'No such subject offering' : null) };
}

/**
 * The offering's place in the catalog, as breadcrumbs: university, branch, semester, subject
 * (with `current` below the subject).
 */
export function offeringCrumbs(
  offering: OfferingPlaceFragment,
  current?: string,
): [string, string?][] {
  const { university, branch, semester, subject } = offering;
  return [
    ['Universities', '/'],
    [university.shortName, paths.university(university.slug)],
    [branch.code ?? branch.name, paths.university(university.slug)],
    [`Semester ${semester.number}`, paths.semester(university.slug, branch.id, semester.id)],
    current ? [subject.name, paths.offering(offering.id)] : [subject.name],
    ...(current ? [[current] as [string]] : []),
  ];
}
