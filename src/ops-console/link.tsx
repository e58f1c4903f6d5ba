/**
 * Links between the console's screens. The app's router types its links with the client's
 * route tree (src/main.tsx registers it), so the console's links go through the router's
 * history with plain paths under /ops.
 */
import type { MouseEvent, ReactNode } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';

export const CONSOLE_BASE = '/ops';

/** `to` is a path inside the console: '/console/board'. */
export function ConsoleLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const router = useRouter();
  const current = useRouterState({ select: (state) => state.location.pathname });
  const href = `${CONSOLE_BASE}${to}`;
  const active = current === to || current === href;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.push(href);
  };
  return (
    <a href={href} onClick={follow} className={className} aria-current={active ? 'page' : undefined}>
      {children}
    </a>
  );
}
