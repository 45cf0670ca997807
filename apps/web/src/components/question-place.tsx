// Where a question sits and where else it was asked: its topic, its own link, and "Also asked in
// End-term 2023 (NFIT), End-term 2022 (RSU)" from the gateway's near-identical questions.
import type { AskedBeforeFragment } from '@qpc/client/graphql';
import { Fragment } from 'react';
import { Link } from 'wouter';
import { EXAM_TYPE } from '../labels.js';
import { paths } from '../paths.js';

type Similar = AskedBeforeFragment['similar'][number];

/** "End-term 2023 (NFIT)". */
export function sittingOf(similar: Similar): string {
  const { paper, question } = similar;
  return `${EXAM_TYPE[paper.examType]} ${paper.examYear} (${question.subjectOffering.university.shortName})`;
}

/** One entry per other paper (the closest question of each), in the gateway's order. */
function onePerPaper(similar: readonly Similar[]): Similar[] {
  const seen = new Set<string>();
  return similar.filter((s) => !seen.has(s.paper.id) && Boolean(seen.add(s.paper.id)));
}

/** "Also asked in …" with a link to each sitting's question; nothing when it was not. */
export function AlsoAsked({ similar }: { similar: readonly Similar[] }) {
  const entries = onePerPaper(similar);
  if (!entries.length) return null;
  return (
    <p className="also-asked">
      Also asked in{' '}
      {entries.map((entry, i) => (
        <Fragment key={entry.question.id}>
          {i ? ', ' : ''}
          <Link href={paths.question(entry.question.slug)}>{sittingOf(entry)}</Link>
        </Fragment>
      ))}
    </p>
  );
}

/** A syllabus topic as a question shows it: a link to the topic's questions. */
export interface TopicRef {
  id: string;
  title: string;
  offeringId: string;
}

/** The question's topic (or that it has none), and its own page, to share or come back to. */
export function QuestionMeta(props: { slug: string; topic: TopicRef | undefined }) {
  const { topic } = props;
  return (
    <p className="question-meta">
      {topic ? (
        <>
          Topic: <Link href={paths.topic(topic.offeringId, topic.id)}>{topic.title}</Link>
        </>
      ) : (
        'No topic yet'
      )}
      {' · '}
      <Link href={paths.question(props.slug)}>Link to this question</Link>
    </p>
  );
}

/** The topics of a syllabus by id, each with its module, to name a question's topic. */
export function topicsById(
  offeringId: string,
  syllabus: {
    modules: { id: string; title: string; topics: { id: string; title: string }[] }[];
  } | null,
): Map<string, TopicRef & { moduleTitle: string }> {
  return new Map(
    (syllabus?.modules ?? []).flatMap((module) =>
      module.topics.map((topic) => [
        topic.id,
        { id: topic.id, title: topic.title, offeringId, moduleTitle: module.title },
      ]),
    ),
  );
}
