import { useAtomValue } from 'jotai';
import { readablePhotosAtom } from '../../state/session';
import { keptMessagesAtom } from '../message/state';
import { SendToPhone } from '../send/ui/SendToPhone';
import { exportBaseName, stripDownloadName } from '../strip/export';
import { DEFAULT_RESOLUTION, sharedComposer, stripFile } from '../strip/ready';
import { useStripDesign } from '../strip/ui/useStripDesign';
import type { BoothSession } from './session/boothSession';

/**
 * Send to a phone from the booth's tray: the strip as the strip page would download it first (its
 * default size, drawn ahead while shooting), each photo, and the video messages kept in this
 * visit. The phone's answer is read from the live camera the session already runs (its code tap):
 * no second camera.
 */
export function BoothSend({ session }: { session: BoothSession | null }) {
  const { design, photos } = useStripDesign();
  const captured = useAtomValue(readablePhotosAtom);
  const messages = useAtomValue(keptMessagesAtom);
  if (!photos.length && !messages.length) return null;
  const files = async () => {
    const base = exportBaseName();
    const strip = photos.length ? [{ name: stripDownloadName(DEFAULT_RESOLUTION, base), type: 'image/jpeg', blob: await stripFile(sharedComposer(), design, photos, DEFAULT_RESOLUTION) }] : [];
    return [
      ...strip,
      ...captured.map((p, i) => ({ name: `${base}-photo-${i + 1}.jpg`, type: 'image/jpeg', blob: p.blob })),
      ...messages.map((m, i) => ({ name: `${base}-message-${i + 1}.${m.format}`, type: `video/${m.format}`, blob: m.blob })),
    ];
  };
  // A new code for each strip and each message kept.
  const key = `${JSON.stringify(design)}|${photos.map((p) => p.id).join()}|${messages.map((m) => m.id).join()}`;
  return <SendToPhone key={key} files={files} scan={session ? (onText) => session.scanCodes(onText) : null} />;
}
