/**
 * What this browser can do for Send to a phone, checked in this one place (never by user agent).
 *
 * WebRTC: a hardened browser (Firefox or LibreWolf with media.peerconnection.enabled off, Tor
 * Browser, some privacy extensions) and WebKitGTK without its WebRTC setting have no
 * RTCPeerConnection at all; the booth then offers no sending and the phone's page says so
 * (./ui/SendToPhone.tsx, ./ui/ReceiveScreen.tsx). A constructor that is there but throws is caught
 * where it is used (./peer.ts: NoPeerConnectionError).
 *
 * QR reading needs nothing here: zxing-wasm reads in a worker everywhere, the browser's own
 * BarcodeDetector only where it has one that reads QR codes (./qrProtocol.ts nativeQrDetector).
 */

/** Whether this browser can make a WebRTC connection (a data channel) at all. */
export function peerConnectionHere(scope: object = globalThis): boolean {
  const RTC = (scope as { RTCPeerConnection?: unknown }).RTCPeerConnection;
  return typeof RTC === 'function' && typeof (RTC as { prototype?: { createDataChannel?: unknown } }).prototype?.createDataChannel === 'function';
}

/** Thrown where RTCPeerConnection is missing or refuses to be made (a browser with WebRTC turned off). */
export class NoPeerConnectionError extends Error {
  constructor(cause?: unknown) {
    super('This browser cannot make a WebRTC connection', { cause });
    this.name = 'NoPeerConnectionError';
  }
}

/** A new RTCPeerConnection, or a NoPeerConnectionError where this browser has none. */
export function newPeerConnection(configuration: RTCConfiguration): RTCPeerConnection {
  if (!peerConnectionHere()) throw new NoPeerConnectionError();
  try {
    return new RTCPeerConnection(configuration);
  } catch (error) {
    throw new NoPeerConnectionError(error);
  }
}
