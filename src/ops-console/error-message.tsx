import { useEffect, useState } from 'react';
import { errorText } from './http';

/** A failed read's reason as the server gave it (a 403 says what the role may not do). */
export function ErrorMessage({ error, fallback = 'This could not be loaded.' }: { error: unknown; fallback?: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void errorText(error, fallback).then((message) => {
      if (current) setText(message);
    });
    return () => {
      current = false;
    };
  }, [error, fallback]);
  return (
    <p role="alert" className="ops-error">
      {text ?? fallback}
    </p>
  );
}

export function LoadError({ error }: { error: unknown }) {
  return (
    <main className="ops-main">
      <ErrorMessage error={error} />
    </main>
  );
}
