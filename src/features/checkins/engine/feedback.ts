import type { CheckinResult } from '#contract/checkins.ts';

/** A tone: frequency (Hz), length (ms), then a pause (ms). */
type Tone = [frequency: number, ms: number, pause: number];

interface Pattern {
  tones: Tone[];
  wave: OscillatorType;
  vibrate: number[];
}

/**
 * One sound and one vibration per verdict, told apart without looking: a single bright chirp admits;
 * anything else is lower, longer or repeated.
 */
export const feedbackPatterns: Record<CheckinResult, Pattern> = {
  valid: { tones: [[1320, 110, 0]], wave: 'sine', vibrate: [70] },
  already_used: {
    tones: [
      [520, 160, 90],
      [520, 160, 0],
    ],
    wave: 'square',
    vibrate: [180, 90, 180],
  },
  invalid: { tones: [[180, 520, 0]], wave: 'sawtooth', vibrate: [500] },
  wrong_event: {
    tones: [
      [700, 110, 50],
      [470, 110, 50],
      [310, 200, 0],
    ],
    wave: 'triangle',
    vibrate: [90, 50, 90, 50, 250],
  },
  voided: {
    tones: [
      [260, 260, 110],
      [260, 260, 0],
    ],
    wave: 'sawtooth',
    vibrate: [280, 110, 280],
  },
  unpaid: {
    tones: [
      [600, 80, 60],
      [600, 80, 60],
      [600, 80, 0],
    ],
    wave: 'square',
    vibrate: [60, 60, 60, 60, 60],
  },
  test_ticket: {
    tones: [
      [880, 70, 40],
      [660, 70, 40],
      [440, 70, 40],
      [220, 260, 0],
    ],
    wave: 'square',
    vibrate: [50, 40, 50, 40, 50, 40, 300],
  },
  not_yet_valid: {
    tones: [
      [330, 150, 60],
      [560, 220, 0],
    ],
    wave: 'triangle',
    vibrate: [140, 100, 380],
  },
  expired: {
    tones: [
      [560, 150, 60],
      [330, 220, 0],
    ],
    wave: 'triangle',
    vibrate: [380, 100, 140],
  },
};

let context: AudioContext | null = null;
let muted = false;

/** Call from a tap ("Start scanning"): browsers only let a page make sound after a user gesture. */
export function unlockAudio(): void {
  const Context =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Context) return;
  context ??= new Context();
  if (context.state === 'suspended') void context.resume();
}

export function setMuted(value: boolean): void {
  muted = value;
}

export const isMuted = () => muted;

/** Plays the verdict's sound and vibration; never throws, never blocks the verdict on screen. */
export function signal(result: CheckinResult): void {
  const pattern = feedbackPatterns[result];
  try {
    navigator.vibrate?.(pattern.vibrate);
  } catch {
    // vibration is best effort
  }
  if (muted || !context || context.state !== 'running') return;
  let at = context.currentTime + 0.01;
  const gain = context.createGain();
  gain.gain.value = 0.25;
  gain.connect(context.destination);
  for (const [frequency, ms, pause] of pattern.tones) {
    const oscillator = context.createOscillator();
    oscillator.type = pattern.wave;
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start(at);
    oscillator.stop(at + ms / 1000);
    at += (ms + pause) / 1000;
  }
}
