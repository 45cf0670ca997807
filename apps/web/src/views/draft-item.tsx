// One draft read from a paper's PDF, as an editor reviews it: what was read, the editor's changes
// (kept on the page until accepted), and the choice to accept it or discard it.
import type { AcceptDraftInput, PaperDraftsQuery, QuestionType } from '@qpc/client/graphql';
import { useId } from 'react';
import { Link } from 'wouter';
import { Chip, EnumSelect } from '../components/common.js';
import { TopicSelect } from '../components/topic-select.js';
import { EXAM_TYPE, QUESTION_TYPE, marks as marksLabel } from '../labels.js';
import { paths } from '../paths.js';
import type { Offering } from './offering-data.js';

export type Draft = NonNullable<NonNullable<PaperDraftsQuery['paper']>['drafts']>['drafts'][number];

/** A draft as the editor has it: its fields as strings, the way the form holds them. */
export interface DraftEdit {
  text: string;
  type: QuestionType;
  marks: string;
  topicId: string;
  options: string;
}

/** The form's starting values: the draft as read, with its suggested topic. */
export function editOf(draft: Draft): DraftEdit {
  return {
    text: draft.text,
    type: draft.type,
    marks: draft.marks?.toString() ?? '',
    topicId: draft.suggestedTopicId ?? '',
    options: draft.options?.join('\n') ?? '',
  };
}

/** What acceptDrafts is sent for a draft: its index, and the editor's changes when there are. */
export function acceptInput(
  draft: Draft,
  edit: DraftEdit | undefined,
  offering: Offering,
): AcceptDraftInput {
  if (!edit) return { index: draft.index };
  const modules = offering.syllabus?.modules ?? [];
  const moduleId = modules.find((m) => m.topics.some((t) => t.id === edit.topicId))?.id ?? null;
  const options = edit.options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    index: draft.index,
    text: edit.text.trim(),
    type: edit.type,
    marks: edit.marks.trim() ? Number(edit.marks) : null,
    options: edit.type === 'MCQ' ? options : null,
    moduleId: moduleId && edit.topicId ? moduleId : null,
    topicId: moduleId && edit.topicId ? edit.topicId : null,
  };
}

function topicTitle(offering: Offering, topicId: string | null): string | null {
  const topics = (offering.syllabus?.modules ?? []).flatMap((m) => m.topics);
  return topics.find((t) => t.id === topicId)?.title ?? null;
}

function DraftForm(props: {
  number: string;
  edit: DraftEdit;
  offering: Offering;
  onChange: (edit: DraftEdit) => void;
  onDone: () => void;
}) {
  const id = useId();
  const { edit, onChange } = props;
  const set = (change: Partial<DraftEdit>) => onChange({ ...edit, ...change });
  return (
    <div className="form draft-form" role="group" aria-label={`Edit draft ${props.number}`}>
      <label htmlFor={`${id}-text`}>Question text</label>
      <textarea
        id={`${id}-text`}
        rows={4}
        value={edit.text}
        onChange={(e) => set({ text: e.target.value })}
      />
      <div className="form-row">
        <EnumSelect
          label="Type"
          labels={QUESTION_TYPE}
          value={edit.type}
          onChange={(type) => set({ type })}
        />
        <label>
          Marks
          <input
            type="number"
            min={0}
            max={1000}
            step="any"
            value={edit.marks}
            onChange={(e) => set({ marks: e.target.value })}
          />
        </label>
      </div>
      <TopicSelect
        modules={props.offering.syllabus?.modules ?? []}
        value={edit.topicId}
        onChange={(topicId) => set({ topicId })}
      />
      {edit.type === 'MCQ' ? (
        <>
          <label htmlFor={`${id}-options`}>Options, one per line</label>
          <textarea
            id={`${id}-options`}
            rows={4}
            value={edit.options}
            onChange={(e) => set({ options: e.target.value })}
          />
        </>
      ) : null}
      <div className="buttons">
        <button type="button" onClick={props.onDone}>
          Done editing
        </button>
      </div>
    </div>
  );
}

/** Near-identical questions asked in earlier sittings, linking to their papers. */
function AskedBefore({ draft }: { draft: Draft }) {
  if (!draft.similar.length) return null;
  return (
    <p className="note">
      Asked before:{' '}
      {draft.similar.map((s, i) => (
        <span key={s.questionId}>
          {i > 0 ? ', ' : ''}
          <Link href={paths.paper(s.paperSlug)}>{`${EXAM_TYPE[s.examType]} ${s.examYear}`}</Link> (
          {Math.round(s.similarity * 100)}% alike)
        </span>
      ))}
    </p>
  );
}

interface ItemProps {
  draft: Draft;
  offering: Offering;
  edit: DraftEdit | undefined;
  isEditing: boolean;
  isSelected: boolean;
  onSelect: (isSelected: boolean) => void;
  /** Opens or closes the form. */
  onEditing: (isEditing: boolean) => void;
  onEdit: (edit: DraftEdit) => void;
  onDiscard: () => void;
}

export function DraftItem({ draft, offering, edit, isEditing, ...props }: ItemProps) {
  const shown = edit ?? editOf(draft);
  const isAccepted = draft.acceptedQuestionId !== null;
  const label = `Draft ${draft.number}`;
  return (
    <li className={`draft${isAccepted ? ' draft-accepted' : ''}`} aria-label={label}>
      <div className="draft-head">
        {isAccepted ? (
          <strong>{label}</strong>
        ) : (
          <label className="inline">
            <input
              type="checkbox"
              checked={props.isSelected}
              onChange={(e) => props.onSelect(e.target.checked)}
            />
            <strong>{label}</strong>
          </label>
        )}
        {isAccepted ? <Chip kind="status status-approved">Accepted</Chip> : null}
        {edit && !isAccepted ? <Chip>Edited</Chip> : null}
      </div>
      {isEditing && !isAccepted ? (
        <DraftForm
          number={draft.number}
          edit={shown}
          offering={offering}
          onChange={props.onEdit}
          onDone={() => props.onEditing(false)}
        />
      ) : (
        <>
          <p className="question-text">{shown.text}</p>
          <div className="chips">
            <Chip>{QUESTION_TYPE[shown.type]}</Chip>
            <Chip>{marksLabel(shown.marks.trim() ? Number(shown.marks) : null)}</Chip>
            <Chip>{topicTitle(offering, shown.topicId || null)}</Chip>
          </div>
          {shown.type === 'MCQ' && shown.options.trim() ? (
            <ol className="options" type="a">
              {shown.options
                .split('\n')
                .filter((o) => o.trim())
                .map((option) => (
                  <li key={option}>{option}</li>
                ))}
            </ol>
          ) : null}
        </>
      )}
      <AskedBefore draft={draft} />
      {isAccepted ? null : (
        <div className="buttons">
          {isEditing ? null : (
            <button type="button" onClick={() => props.onEditing(true)}>
              {`Edit draft ${draft.number}`}
            </button>
          )}
          <button type="button" className="reject" onClick={props.onDiscard}>
            {`Discard draft ${draft.number}`}
          </button>
        </div>
      )}
    </li>
  );
}
