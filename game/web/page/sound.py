"""The table's sounds and vibrations. MicroPython, on the page's thread (a worker has neither); imported with the
first Sound effect."""

from game.web.page.dom import EMBEDDED, ROOT, attr, document, window

# Each tone: (frequency in Hz, length in s, wave); a cue's tones follow one another.
TONES = {
    "flip": ((880, 0.04, "triangle"),),
    "pair": ((523, 0.07, "sine"), (784, 0.12, "sine")),
    "snap": ((1046, 0.06, "square"),),
    "snap-wrong": ((196, 0.09, "sawtooth"), (147, 0.14, "sawtooth")),
    "call": ((392, 0.08, "triangle"), (523, 0.08, "triangle"), (659, 0.16, "triangle")),
    "win": ((523, 0.09, "sine"), (659, 0.09, "sine"), (784, 0.09, "sine"), (1046, 0.25, "sine")),
}
VOLUME = 0.12
BUZZES = {"snap": [35], "snap-wrong": [30, 50, 30], "turn": [20]}  # in ms: on, off, on...


class Sound:
    """Short tones made with the Web Audio API (no audio file to download) and ``navigator.vibrate`` where the device
    has it.

    The screen says which cue a move makes (its Sound effect); this decides whether it is heard and how it
    sounds. The player's setting is ``<html data-sound>``: "on", "off", or "auto" (also before the engine set
    it), which is on in the page and off in the embed: a blog's reader does not expect a sound from a post.
    Nothing plays while the page is hidden, nor before the player has touched the page: browsers refuse sound
    and vibration until then.
    """

    def __init__(self):
        self.context = None

    def allowed(self):
        setting = attr(ROOT.dataset, "sound") or "auto"
        return setting == "on" or (setting == "auto" and not EMBEDDED)

    def play(self, cue):
        """Play ``cue``'s tones and vibration, where the setting, the page and the device allow."""
        if not self.allowed():
            if self.context is not None:
                self.context.suspend()  # turned off: the audio device rests
            return
        activation = attr(window.navigator, "userActivation")
        if document.hidden or activation is None or not activation.hasBeenActive:
            return
        if cue in BUZZES and attr(window.navigator, "vibrate") is not None:
            window.navigator.vibrate(BUZZES[cue])
        if cue not in TONES or self.audio() is None:
            return
        at = self.context.currentTime
        for note in TONES[cue]:
            self.tone(at, note)
            at += note[1]

    def audio(self):
        if self.context is None and attr(window, "AudioContext") is not None:
            self.context = window.AudioContext.new()
        if self.context is not None and self.context.state == "suspended":
            self.context.resume()
        return self.context

    def tone(self, at, note):
        frequency, length, wave = note
        oscillator = self.context.createOscillator()
        gain = self.context.createGain()
        oscillator.type = wave
        oscillator.frequency.value = frequency
        # A quick rise and a fall to silence: a tone that stops at full volume clicks.
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.01)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
        oscillator.connect(gain).connect(self.context.destination)
        oscillator.start(at)
        oscillator.stop(at + length + 0.02)

    def hidden(self):
        if self.context is not None:
            self.context.suspend()


sound = Sound()
