// A short beep and buzz for each new id the camera adds, so that staff need not look at the screen.
let audio: AudioContext | null = null;

export function scanFeedback(): void {
  navigator.vibrate?.(60);
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 1_200;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.08);
  } catch {
    // No audio (autoplay refused, no device): the id still appears.
  }
}
