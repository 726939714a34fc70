import { useEffect, useRef } from 'react';
import { QrReader } from '../qrReader';
import { scanVideo } from '../scanLoop';

/**
 * A small live view of the camera beside the code, where no booth camera runs (the strip page):
 * the camera's permission is already granted, so it opens at once; it reads the phone's code and
 * closes with the panel (the send over, or the panel closed).
 */
export function Viewfinder({ onText, label }: { onText: (text: string) => void; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onText);
  useEffect(() => {
    handler.current = onText;
  });
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let stream: MediaStream | null = null;
    let stopScan = () => {};
    let alive = true;
    const reader = new QrReader();
    navigator.mediaDevices
      ?.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then((s) => {
        if (!alive) return s.getTracks().forEach((tr) => tr.stop());
        stream = s;
        el.srcObject = s;
        void el.play().catch(() => undefined);
        stopScan = scanVideo(el, reader, (text) => handler.current(text));
      })
      .catch((error: unknown) => console.warn('No viewfinder:', error));
    return () => {
      alive = false;
      stopScan();
      reader.dispose();
      stream?.getTracks().forEach((tr) => tr.stop());
      el.srcObject = null;
    };
  }, []);
  return <video ref={video} className="send-viewfinder" muted playsInline aria-label={label} data-testid="send-viewfinder" />;
}
