// The frame's header: brand, search box, navigation by role, sign-in (behind "Menu" on a phone).
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../auth/session.js';
import { SearchBox } from './search-box.js';

/**
 * On a phone the navigation and the sign-in sit behind "Menu", so the header stays one line and
 * the screen's own content starts near the top; on wider screens they are always shown.
 */
export function Header() {
  const { canEdit, SignInControl } = useSession();
  const [location] = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  // A navigation closes the menu: its screen is what the reader asked for.
  useEffect(() => setIsOpen(false), [location]);
  return (
    <header className="top">
      <div className="bar">
        <Link href="/" className="brand">
          Question-Paper Catalog
        </Link>
        <button
          type="button"
          className="menu-button"
          aria-expanded={isOpen}
          aria-controls="site-menu"
          onClick={() => setIsOpen(!isOpen)}
        >
          Menu
        </button>
        <SearchBox />
        <div id="site-menu" className={isOpen ? 'menu open' : 'menu'}>
          <nav aria-label="Main">
            <Link href="/">Browse</Link>
            {canEdit ? <Link href="/my-papers">My papers</Link> : null}
            {canEdit ? <Link href="/review">Review queue</Link> : null}
          </nav>
          <SignInControl />
        </div>
      </div>
    </header>
  );
}
