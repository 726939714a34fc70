/**
 * Send to a phone: a strip goes from the booth to a guest's phone over a direct WebRTC data
 * channel, set up by two QR codes (the booth's offer, which opens /receive on the phone, and the
 * phone's answer, read back by the booth's camera). No server sees the photo, the offer or the answer.
 */

/** The page the booth's code opens on the phone (the offer in its #fragment, never sent to a server). */
export const RECEIVE_PATH = '/receive';
