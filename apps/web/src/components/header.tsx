// The frame's header: brand, search box, navigation by role, sign-in.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useSession } from '../auth/session.js';

function SearchBox() {
  const [, navigate] = useLocation();
  const current = new URLSearchParams(useSearch()).get('q') ?? '';
  const [text, setText] = useState(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q) navigate(`/search?${new URLSearchParams({ q }).toString()}`);
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search questions, papers and subjects
      </label>
      <input
        id="site-search"
        type="search"
        name="q"
        maxLength={100}
        placeholder="Search questions, papers, subjects"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}

export function Header() {
  const { canEdit, SignInControl } = useSession();
  return (
    <header className="top">
      <div className="bar">
        <Link href="/" className="brand">
          Question-Paper Catalog
        </Link>
        <SearchBox />
        <nav aria-label="Main">
          <Link href="/">Browse</Link>
          {canEdit ? <Link href="/my-papers">My papers</Link> : null}
          {canEdit ? <Link href="/review">Review queue</Link> : null}
        </nav>
        <SignInControl />
      </div>
    </header>
  );
}
