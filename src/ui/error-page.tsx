import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PublicPage } from './public-page';

/** The one view for an error no screen handled (the router's root errorComponent): say so, offer a way on. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  useEffect(() => console.error('Unhandled error on this screen', error), [error]);
  return (
    <PublicPage>
      <section className="page" role="alert">
        <h1>Something went wrong</h1>
        <p className="muted">This screen could not be shown. Please try again.</p>
        <p>
          <button type="button" className="button" onClick={() => reset()}>
            Try Again
          </button>
        </p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </section>
    </PublicPage>
  );
}
