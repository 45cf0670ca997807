// The header's search box with suggestions while typing, as an ARIA combobox (the APG "list
// autocomplete" pattern): the input keeps focus, arrow keys move the active option (announced
// through aria-activedescendant), Enter opens it, Escape closes the list. Asked once typing pauses.
import { SearchSuggestDocument } from '@qpc/client/graphql';
import type { SearchSuggestQuery } from '@qpc/client/graphql';
import { useEffect, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useTypedQuery } from '../graphql.js';
import { paths } from '../paths.js';

type Suggestion = SearchSuggestQuery['searchSuggest'][number];

/** Pause after the last key before suggestions are asked for. */
const DEBOUNCE_MS = 250;
/** The last word is completed from its 4th letter on (the API's rule). */
const MIN_LAST_WORD = 4;

const KIND_LABEL: Record<Suggestion['type'], string> = {
  SUBJECT: 'Subject',
  TOPIC: 'Topic',
  TERM: 'Search',
};

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function wantsSuggestions(text: string): boolean {
  const last = /[\p{L}\p{N}]+$/u.exec(text.trim())?.[0] ?? '';
  return !/\s$/.test(text) && last.length >= MIN_LAST_WORD && text.length <= 50;
}

function target(suggestion: Suggestion): string {
  if (suggestion.type === 'SUBJECT' && suggestion.id) return paths.subject(suggestion.id);
  return paths.search({
    q: suggestion.text,
    ...(suggestion.type === 'TOPIC' ? { type: 'topic' } : {}),
  });
}

export function SearchBox() {
  const [, navigate] = useLocation();
  const current = new URLSearchParams(useSearch()).get('q') ?? '';
  const [text, setText] = useState(current);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useDebounced(text);
  const { data } = useTypedQuery(
    SearchSuggestDocument,
    { q: asked.trim() },
    { pause: !isOpen || !wantsSuggestions(asked) },
  );
  const options = isOpen && wantsSuggestions(asked) ? (data?.searchSuggest ?? []) : [];
  const isExpanded = options.length > 0;

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = options[active];
    if (chosen) {
      setText(chosen.type === 'TERM' ? chosen.text : text);
      go(target(chosen));
      return;
    }
    const q = text.trim();
    if (q) go(paths.search({ q }));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };
  const optionId = (i: number) => `site-search-option-${i}`;
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search questions, papers and subjects
      </label>
      <input
        id="site-search"
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls="site-search-suggestions"
        aria-activedescendant={isExpanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        maxLength={100}
        placeholder="Search questions, papers, subjects"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id="site-search-suggestions"
        role="listbox"
        aria-label="Suggestions"
        className="suggestions"
        hidden={!isExpanded}
      >
        {options.map((option, i) => (
          <li
            key={`${option.type}-${option.id ?? option.text}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'suggestion active' : 'suggestion'}
            // Before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              go(target(option));
            }}
          >
            <span className="suggestion-kind">{KIND_LABEL[option.type]}</span> {option.text}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {isExpanded ? `${options.length} suggestions; use the arrow keys to choose one.` : ''}
      </p>
      <button type="submit">Search</button>
    </form>
  );
}
