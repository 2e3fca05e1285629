// The table's sounds and vibrations: short tones made with the Web Audio API (no audio file to download) and
// navigator.vibrate where the device has it, on the page's thread (a worker has neither). game/web/screen.py says
// which cue a move makes (its Sound effect, which the page adapter, page.js, hands here); this file decides
// whether it is heard, and how it sounds.
//
// - The player's setting is the page's <html data-sound> (game/web/app.py sets it): "on", "off", or "auto" (also
//   before Python has set it), which is on in the page and off in the embed (embed.html, marked by its
//   <meta name="face-down-embed">): a blog's reader does not expect a sound from a post.
// - faceDownSound.play(cue) plays a cue: "flip", "pair", "snap", "snap-wrong", "call" and "win" are tones; "snap",
//   "snap-wrong" and "turn" (the game waits for you) are vibrations too.
//
// Nothing plays while the page is hidden (the audio is suspended then), nor before the player has touched the
// page: browsers refuse sound and vibration until then.
(() => {
  "use strict";
  const embedded = document.querySelector('meta[name="face-down-embed"]') !== null;
  // Each tone: [frequency in Hz, length in s, wave]; a cue's tones follow one another.
  const TONES = {
    flip: [[880, 0.04, "triangle"]],
    pair: [
      [523, 0.07, "sine"],
      [784, 0.12, "sine"],
    ],
    snap: [[1046, 0.06, "square"]],
    "snap-wrong": [
      [196, 0.09, "sawtooth"],
      [147, 0.14, "sawtooth"],
    ],
    call: [
      [392, 0.08, "triangle"],
      [523, 0.08, "triangle"],
      [659, 0.16, "triangle"],
    ],
    win: [
      [523, 0.09, "sine"],
      [659, 0.09, "sine"],
      [784, 0.09, "sine"],
      [1046, 0.25, "sine"],
    ],
  };
  const VOLUME = 0.12;
  const BUZZES = { snap: [35], "snap-wrong": [30, 50, 30], turn: [20] }; // in ms: on, off, on...
  let context = null;

  function allowed() {
    const setting = document.documentElement.dataset.sound ?? "auto";
    return setting === "on" || (setting === "auto" && !embedded);
  }

  function audio() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (context === null && Context) context = new Context();
    if (context?.state === "suspended") context.resume();
    return context;
  }

  function tone(at, [frequency, length, wave]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = frequency;
    // A quick rise and a fall to silence: a tone that stops at full volume clicks.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }

  function play(cue) {
    if (!allowed()) {
      context?.suspend(); // turned off: the audio device rests
      return;
    }
    if (document.hidden || !navigator.userActivation?.hasBeenActive) return;
    if (BUZZES[cue] && navigator.vibrate) navigator.vibrate(BUZZES[cue]);
    if (!TONES[cue] || audio() === null) return;
    let at = context.currentTime;
    for (const note of TONES[cue]) {
      tone(at, note);
      at += note[1];
    }
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) context?.suspend();
  });

  window.faceDownSound = { play };
})();
