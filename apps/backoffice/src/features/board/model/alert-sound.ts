/**
 * A short beep made with the Web Audio API (no audio file to download or cache). Browsers start audio only
 * after a user gesture, so the context is created by the 'turn the sound on' click and kept for later beeps.
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** Called from the click: creates (or resumes) the audio context. false where the browser has no Web Audio. */
export function enableSound(): boolean {
  const Context = audioContextClass();
  if (!Context) return false;
  context ??= new Context();
  void context.resume?.();
  return true;
}

/** Two short tones (880 Hz, 0.15 s each): heard over a kitchen, not alarming. */
export function beep(): void {
  if (!context || context.state === 'closed') return;
  const start = context.currentTime;
  for (const offset of [0, 0.25]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.16);
  }
}
