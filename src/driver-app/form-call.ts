import { useState } from 'react';
import { failureMessage, readCallFailure } from '../shared/call-failure';

/** A form's call that needs the network: busy while it runs, its failure said in the form. */
export function useFormCall(offline: string, fallback: string) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (error) {
      const failure = await readCallFailure(error);
      setError(failure.kind === 'network' ? offline : failureMessage(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
