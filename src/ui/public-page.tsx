import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Logo } from './logo';

/** The frame of the signed-out pages: the logo (a link home) above the content. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <main className="public-page">
      <Link to="/" className="public-home-link">
        <Logo />
      </Link>
      {children}
    </main>
  );
}
