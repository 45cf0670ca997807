// The topic picker of a question form (new question, edit, draft): the offering's topics grouped
// by module, or none.

interface ModuleTopics {
  id: string;
  title: string;
  topics: readonly { id: string; title: string }[];
}

export function TopicSelect(props: {
  modules: readonly ModuleTopics[];
  value: string;
  onChange: (topicId: string) => void;
}) {
  return (
    <label>
      Topic
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">No topic</option>
        {props.modules.map((m) => (
          <optgroup key={m.id} label={m.title}>
            {m.topics.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
