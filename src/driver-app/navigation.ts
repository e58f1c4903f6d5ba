/**
 * Moving between the driver's screens. The client's router is the one registered with
 * TanStack Router's types (src/main.tsx), so the driver's app navigates by path, untyped.
 */
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

export function useGo(): (to: string, options?: { replace?: boolean }) => void {
  const router = useRouter();
  return useCallback((to, options = {}) => void router.navigate({ to, replace: options.replace } as never), [router]);
}
