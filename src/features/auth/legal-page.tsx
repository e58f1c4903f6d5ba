import type { ReactNode } from 'react';
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import './legal-page.css';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A short legal document (terms, privacy) with a way back to where the visitor came from. */
export function LegalPage({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <article className="page legal-page" aria-labelledby="legal-heading">
      <h1 id="legal-heading">{title}</h1>
      <p className="muted">Last updated {updated}</p>
      {sections.map(({ heading, body }) => (
        <section key={heading} className="legal-section">
          <h2>{heading}</h2>
          {body}
        </section>
      ))}
      <nav className="legal-back" aria-label="Leave this page">
        {canGoBack ? (
          <button type="button" className="button button-small" onClick={() => router.history.back()}>
            Back
          </button>
        ) : null}
        <Link to="/signup">Create an account</Link>
        <Link to="/">Go to login</Link>
      </nav>
    </article>
  );
}
