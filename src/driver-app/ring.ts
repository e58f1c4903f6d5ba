/**
 * An open offer rings (docs/driver.md, 'The offer'): a two-tone ring made with WebAudio (no sound
 * file to download) and a vibration, repeated every RING_EVERY_MS until the card closes; off in
 * Settings ('Ring for offers'). Browsers block sound until the page was touched: then the
 * vibration and the card remain.
 */
const RING_EVERY_MS = 2_000;

function ringOnce(context: AudioContext | null): void {
  try {
    navigator.vibrate?.([400, 200, 400]);
  } catch {
    /* not on this device */
  }
  if (!context) return;
  const tones: Array<[number, number]> = [
    [880, 0],
    [1320, 0.25],
    [880, 0.5],
    [1320, 0.75],
  ];
  for (const [frequency, start] of tones) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.3, context.currentTime + start);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + start + 0.22);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(context.currentTime + start);
    oscillator.stop(context.currentTime + start + 0.24);
  }
}

/** Starts the ring; the function it answers stops it. */
export function startRinging(): () => void {
  let context: AudioContext | null = null;
  try {
    const Audio = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    context = Audio ? new Audio() : null;
  } catch {
    context = null;
  }
  ringOnce(context);
  const timer = setInterval(() => ringOnce(context), RING_EVERY_MS);
  return () => {
    clearInterval(timer);
    try {
      navigator.vibrate?.(0);
    } catch {
      /* not on this device */
    }
    void context?.close().catch(() => undefined);
  };
}
