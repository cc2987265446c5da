let audio: AudioContext | null = null;

/**
 * The counter's "done": a short vibration and a short beep (WebAudio, no sound file), so the
 * attendant knows without looking. Called from the tap's own handling, so browsers let it play.
 */
export function confirmByTouchAndSound() {
  try {
    navigator.vibrate?.(120);
  } catch {
    // No vibration motor, or not allowed: the beep and the screen say it.
  }
  try {
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === "suspended") void audio.resume();
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.setValueAtTime(880, now);
    tone.frequency.setValueAtTime(1320, now + 0.08);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.25, now + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.18);
    tone.connect(gain).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.2);
  } catch {
    // No audio: the vibration and the screen say it.
  }
}

/**
 * One Idempotency-Key per intended action: the same action tried again (a double tap, a retry
 * after a lost answer) gets the same key, so the server does it once; a different action (another
 * quantity, an override) or the next one after a success gets a new key.
 */
export function createActionKeys() {
  let last: { action: string; key: string } | null = null;
  return {
    keyFor(action: string): string {
      if (last?.action !== action) last = { action, key: crypto.randomUUID() };
      return last.key;
    },
    /** The action was done: the next one, even the same, is another action. */
    done() {
      last = null;
    },
  };
}
