// Adds a question to a paper, or edits one: text, type, difficulty, marks, topic, options (MCQ).
import { CreateQuestionDocument, UpdateQuestionDocument } from '@qpc/client/graphql';
import type { Difficulty, QuestionSummaryFragment, QuestionType } from '@qpc/client/graphql';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { EnumSelect } from '../components/common.js';
import { ErrorBox } from '../components/error-box.js';
import { TopicSelect } from '../components/topic-select.js';
import { useTypedMutation } from '../graphql.js';
import { DIFFICULTY, QUESTION_TYPE } from '../labels.js';
import type { Offering } from './offering-data.js';

interface Props {
  paperId: string;
  offering: Offering;
  /** The question to edit; a new one when absent. */
  question?: QuestionSummaryFragment & { options: string[] | null };
  onSaved: () => void;
  onCancel?: () => void;
}

export function QuestionForm({ paperId, offering, question, onSaved, onCancel }: Props) {
  const id = useId();
  const create = useTypedMutation(CreateQuestionDocument);
  const update = useTypedMutation(UpdateQuestionDocument);
  const [text, setText] = useState(question?.text ?? '');
  const [type, setType] = useState<QuestionType>(question?.type ?? 'SHORT');
  const [difficulty, setDifficulty] = useState<Difficulty>(question?.difficulty ?? 'MEDIUM');
  const [marks, setMarks] = useState(question?.marks?.toString() ?? '');
  const [topicId, setTopicId] = useState(question?.topicId ?? '');
  const [options, setOptions] = useState(question?.options?.join('\n') ?? '');
  const [problem, setProblem] = useState<unknown>(null);
  const modules = offering.syllabus?.modules ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const topic = modules.flatMap((m) => m.topics).find((t) => t.id === topicId);
    const moduleId = modules.find((m) => m.topics.some((t) => t.id === topicId))?.id;
    const fields = {
      text: text.trim(),
      type,
      difficulty,
      ...(marks.trim() ? { marks: Number(marks) } : {}),
      ...(topic && moduleId ? { topicId: topic.id, moduleId } : {}),
      ...(type === 'MCQ'
        ? {
            options: options
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean),
          }
        : {}),
    };
    const saved = question
      ? update.run({ id: question.id, input: fields })
      : create.run({ input: { paperId, ...fields } });
    saved.then(() => {
      if (!question) {
        setText('');
        setMarks('');
        setOptions('');
      }
      onSaved();
    }, setProblem);
  };
  return (
    <form
      className="form question-form"
      onSubmit={submit}
      aria-label={question ? 'Edit question' : 'New question'}
    >
      <label htmlFor={`${id}-text`}>Question text</label>
      <textarea
        id={`${id}-text`}
        rows={3}
        required
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="form-row">
        <EnumSelect label="Type" labels={QUESTION_TYPE} value={type} onChange={setType} />
        <EnumSelect
          label="Difficulty"
          labels={DIFFICULTY}
          value={difficulty}
          onChange={setDifficulty}
        />
        <label>
          Marks
          <input
            type="number"
            min={0}
            max={1000}
            step="any"
            value={marks}
            onChange={(e) => setMarks(e.target.value)}
          />
        </label>
      </div>
      <TopicSelect modules={modules} value={topicId} onChange={setTopicId} />
      {type === 'MCQ' ? (
        <>
          <label htmlFor={`${id}-options`}>Options, one per line</label>
          <textarea
            id={`${id}-options`}
            rows={4}
            value={options}
            onChange={(e) => setOptions(e.target.value)}
          />
        </>
      ) : null}
      <div className="buttons">
        <button type="submit" disabled={create.fetching || update.fetching}>
          {question ? 'Save question' : 'Add question'}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {problem ? <ErrorBox error={problem} /> : null}
    </form>
  );
}
