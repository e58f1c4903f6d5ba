import { Link } from '@tanstack/react-router';
import { PublicPage } from './public-page';

export function NotFoundPage() {
  return (
    <PublicPage>
      <section className="page">
        <h1>Page not found</h1>
        <p className="muted">The page you asked for does not exist or has moved.</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </section>
    </PublicPage>
  );
}
