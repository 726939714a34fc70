import { BlobSource, Input, MP4, WEBM } from 'mediabunny';

/** How far a file's length may fall short of (or run past) the recording it came from. */
const LENGTH_TOLERANCE = 0.2;
/** …and, for a short one, this much in seconds (a key frame's spacing, the last piece's length). */
const LENGTH_SLACK_S = 0.5;

/** A message's file that is not whole: empty, no index, no picture, no sound it was made with, or the wrong length. */
export class MessageNotWholeError extends Error {
  override readonly name = 'MessageNotWholeError';
}

/**
 * Reads a message's file back as a player would before it is offered for review: its container
 * and index parse (an MP4 whose moov was never written, an empty recorder file, fail here), it has
 * a picture and, where a microphone was heard, sound, and its length is what was recorded.
 */
export async function checkWhole(file: Blob, seconds: number, withSound: boolean): Promise<void> {
  if (file.size === 0) throw new MessageNotWholeError('The file is empty');
  const input = new Input({ source: new BlobSource(file), formats: [MP4, WEBM] });
  try {
    let video;
    let length: number;
    let sounds;
    try {
      video = await input.getPrimaryVideoTrack();
      sounds = await input.getAudioTracks();
      length = await input.computeDuration();
    } catch (error) {
      throw new MessageNotWholeError(`The file cannot be read: ${String(error)}`);
    }
    if (!video) throw new MessageNotWholeError('The file has no picture');
    if (withSound && sounds.length === 0) throw new MessageNotWholeError('The file has no sound');
    if (Math.abs(length - seconds) > Math.max(LENGTH_SLACK_S, seconds * LENGTH_TOLERANCE)) {
      throw new MessageNotWholeError(`The file lasts ${length.toFixed(2)} s of ${seconds.toFixed(2)} s recorded`);
    }
  } finally {
    input.dispose();
  }
}
