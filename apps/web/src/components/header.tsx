// The frame's header: brand, search box, navigation by role, sign-in.
import { Link } from 'wouter';
import { useSession } from '../auth/session.js';
import { SearchBox } from './search-box.js';

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
