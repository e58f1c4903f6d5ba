/** A new offer: a vibration and a short two-tone beep made with WebAudio (no sound file to download). */
export function alertNewOffer(): void {
  try {
    navigator.vibrate?.([300, 150, 300]);
  } catch {
    /* not on this device */
  }
  try {
    const Audio = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Audio) return;
    const context = new Audio();
    const tones: Array<[number, number]> = [
      [880, 0],
      [1320, 0.2],
    ];
    for (const [frequency, start] of tones) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.25, context.currentTime + start);
      gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + start + 0.18);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + start);
      oscillator.stop(context.currentTime + start + 0.2);
    }
    setTimeout(() => void context.close(), 1000);
  } catch {
    /* audio blocked until the driver has touched the page: the vibration and the screen remain */
  }
}
