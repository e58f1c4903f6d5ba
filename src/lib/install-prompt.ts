/**
 * Installing the app to the home screen: keeps the browser's `beforeinstallprompt` event
 * (Chromium) so an install button can show it later, and tells iOS Safari (which has no such
 * event) apart so the app can explain 'Add to Home Screen' instead.
 */
import { useSyncExternalStore } from 'react';

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Starts listening (once, at app start, before the browser fires the event). */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

/** Whether the browser offers installing now. */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferred !== null,
    () => false,
  );
}

/** Shows the browser's install sheet; true when the user accepted. The event can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

/** iOS Safari (iPhone, iPad, iPad in desktop mode), not already started from the home screen, and not another iOS browser. */
export function needsIosInstallHelp(userAgent: string, maxTouchPoints: number, isStandalone: boolean): boolean {
  if (isStandalone) return false;
  const isIos = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const isSafari = /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
  return isIos && isSafari;
}

export function isStandaloneDisplay(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
