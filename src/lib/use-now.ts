import { useEffect, useState } from 'react';

/** The time, updated every `everyMs`: countdowns, waiting times and a screen's age (driver app, console). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
