/**
 * The WebRTC side of sending to a phone: an offer whose description fits a QR code, the phone's
 * answer to it, and the data channel between them. No signalling server: the descriptions travel
 * in QR codes (./codec.ts). By default no STUN server either (the two devices must reach each
 * other directly: the same Wi-Fi, or the booth's hotspot); a host may name one. Never a TURN
 * server: a relay would carry the photo.
 */
import { answerText, codeFromAnswer, decodeDescription, encodeDescription } from './codec';
import type { Offer } from './flow';
import { newPeerConnection } from './support';

/** Waits for the ICE candidates to be gathered (the description must carry them: no trickling). */
function gathered(pc: RTCPeerConnection, ms = 3_000): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    // What was gathered by then is enough: host candidates come first, at once.
    const timer = setTimeout(() => {
      pc.removeEventListener('icegatheringstatechange', done);
      resolve();
    }, ms);
    pc.addEventListener('icegatheringstatechange', done);
  });
}

const configuration = (stun: string | null): RTCConfiguration => ({ iceServers: stun ? [{ urls: stun }] : [] });

/** Resolves once `channel` is open; rejects if it or its connection closes or fails first. */
function opened(pc: RTCPeerConnection, channel: RTCDataChannel): Promise<RTCDataChannel> {
  return new Promise((resolve, reject) => {
    if (channel.readyState === 'open') return resolve(channel);
    const off = () => {
      channel.removeEventListener('open', onOpen);
      channel.removeEventListener('close', onFail);
      pc.removeEventListener('connectionstatechange', onState);
    };
    const onOpen = () => {
      off();
      resolve(channel);
    };
    const onFail = () => {
      off();
      reject(new Error('The connection closed'));
    };
    const onState = () => (pc.connectionState === 'failed' || pc.connectionState === 'closed') && onFail();
    channel.addEventListener('open', onOpen);
    channel.addEventListener('close', onFail);
    pc.addEventListener('connectionstatechange', onState);
  });
}

// The phone's answer QR code is `PBA:<code>` (codec.ts): the booth ignores every other code.
export { ANSWER_PREFIX } from './codec';

/** The booth's offer: the URL for the phone (our own receive page, the offer in its fragment). */
export async function makeOffer(receiveUrl: (code: string) => string, stun: string | null = null): Promise<Offer<RTCDataChannel>> {
  const pc = newPeerConnection(configuration(stun));
  const channel = pc.createDataChannel('strip', { ordered: true });
  channel.binaryType = 'arraybuffer';
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const id = crypto.getRandomValues(new Uint8Array(4));
  const local = pc.localDescription!;
  const code = encodeDescription({ type: 'offer', sdp: local.sdp }, id);
  let accepted = false;
  return {
    url: receiveUrl(code),
    async accept(text: string) {
      const code = codeFromAnswer(text);
      if (accepted || !code) throw new Error('Not an answer');
      const answer = decodeDescription(code);
      if (answer.type !== 'answer' || answer.id.length !== id.length || answer.id.some((b, i) => b !== id[i])) throw new Error('Not this offer');
      accepted = true;
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
    },
    open: () => opened(pc, channel),
    close: () => pc.close(),
  };
}

export interface Answer {
  /** The text of the phone's QR code. */
  text: string;
  /** Resolves with the booth's channel once it is open. */
  channel: Promise<RTCDataChannel>;
  /** The connection gave up (nothing answered its checks): a new answer is needed. */
  failed: Promise<void>;
  close(): void;
}

/** The phone's answer to an offer code (throws BadCodeError for a damaged one, NoPeerConnectionError with no WebRTC). */
export async function answerOffer(code: string): Promise<Answer> {
  const offer = decodeDescription(code);
  if (offer.type !== 'offer') throw new Error('Not an offer');
  const pc = newPeerConnection(configuration(null));
  const channel = new Promise<RTCDataChannel>((resolve, reject) => {
    pc.addEventListener('datachannel', (e) => {
      e.channel.binaryType = 'arraybuffer';
      opened(pc, e.channel).then(resolve, reject);
    });
    pc.addEventListener('connectionstatechange', () => pc.connectionState === 'closed' && reject(new Error('closed')));
  });
  channel.catch(() => undefined);
  const failed = new Promise<void>((resolve) => {
    pc.addEventListener('connectionstatechange', () => (pc.connectionState === 'failed' || pc.connectionState === 'closed') && resolve());
  });
  await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const text = answerText(encodeDescription({ type: 'answer', sdp: pc.localDescription!.sdp }, offer.id));
  return { text, channel, failed, close: () => pc.close() };
}
