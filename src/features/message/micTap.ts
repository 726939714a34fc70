/** What the microphone's AudioWorklet (./mic.worklet.ts) and the page (./micPieces.ts) agree on. */
export const MIC_TAP_NAME = 'pb-mic-tap';
/** Frames per piece posted: 1024 (~21 ms at 48 kHz), eight of the audio thread's 128-frame blocks. */
export const MIC_TAP_FRAMES = 1024;
