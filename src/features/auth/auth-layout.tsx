import type { ReactNode } from 'react';
import { Logo } from '../../ui/logo';
import './auth-layout.css';

/**
 * The frame of login and sign-up (docs/product.md, Accounts): on desktop a split panel, the brand side
 * with the package emoji and the logo next to the form; on mobile a single column with the
 * logo and emoji above the form (the switch is in CSS).
 */
export function AuthLayout({ tagline, children }: { tagline: string; children: ReactNode }) {
  return (
    <main className="auth-split">
      <section className="auth-brand" aria-label="GreenPick">
        <Logo className="auth-brand-logo" />
        <span className="auth-emoji" aria-hidden="true">
          📦
        </span>
        <p className="auth-tagline">{tagline}</p>
      </section>
      <section className="auth-panel">{children}</section>
    </main>
  );
}
