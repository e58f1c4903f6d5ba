import type { MouseEvent, ReactNode } from 'react';
import { useGo } from './navigation';

/** A link to a driver screen (`to` without the /driver base), followed in the app. */
export function Link({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const go = useGo();
  const href = `/driver${to === '/' ? '/' : to}`;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    go(to);
  };
  return (
    <a href={href} className={className} onClick={follow}>
      {children}
    </a>
  );
}
