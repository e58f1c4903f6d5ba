import { ageText } from '../shared/driver-rules';
import type { Kept } from './kept';
import { useNow } from '../lib/use-now';

/** How old what the screen shows is ('Updated 5 min ago'), and that it came from the device when offline. */
export function ScreenAge({ kept }: { kept: Kept<unknown> | undefined }) {
  const now = useNow(30_000);
  if (!kept) return null;
  return (
    <p className="driver-age" data-testid="screen-age">
      {kept.fromDevice ? 'Offline. ' : ''}
      {ageText(kept.savedAt, Math.max(now, kept.savedAt))}
    </p>
  );
}
