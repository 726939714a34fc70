import { useCallback, useEffect, useRef, useState } from 'react';
import type { StripComposer } from '../strip/composer';
import { exportStripJpeg } from '../strip/export';
import type { StripProps } from '../strip/ui/stripProps';
import { READY_SETTLE_MS, type Paper } from './meta';
import { attachSheet, prepareSheet, sheetInPlace, type PreparedSheet } from './print';

interface Composed {
  design: StripProps['design'];
  photos: StripProps['photos'];
  blob: Blob;
}

/**
 * Keeps the print ready: the strip's print JPG composed once the design settles, and its sheet
 * built and decoded for the chosen paper. The browser's own Print command (Ctrl+P, ⌘P, the menu)
 * fires beforeprint and lays the page out right after, with no time to compose or decode; so while
 * this hook is mounted, beforeprint puts the ready sheet in the page (unless the Print button's
 * sheet is already there) and the strip prints instead of the site. `strip()` gives the print JPG
 * for the current design: the ready one, or one composed now. `ready`: the sheet matches the design.
 */
export function usePrintReady({ composer, design, photos }: StripProps, paper: Paper) {
  const [composed, setComposed] = useState<Composed | null>(null);
  const [sheet, setSheet] = useState<{ of: Composed; paper: Paper; prepared: PreparedSheet } | null>(null);
  const current = useRef({ design, photos });
  const readySheet = useRef<PreparedSheet | null>(null);

  useEffect(() => {
    current.current = { design, photos };
  }, [design, photos]);

  useEffect(() => {
    if (!composer || photos.length === 0) return;
    let live = true;
    const timer = setTimeout(() => {
      exportStripJpeg(composer, design, photos, 'print').then(
        (blob) => live && setComposed({ design, photos, blob }),
        () => undefined, // the Print button composes again and reports a failure
      );
    }, READY_SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [composer, design, photos]);

  useEffect(() => {
    if (!composed) return;
    let live = true;
    let made: PreparedSheet | null = null;
    prepareSheet(composed.blob, paper).then(
      (prepared) => {
        if (!live) return prepared.dispose();
        made = prepared;
        setSheet({ of: composed, paper, prepared });
      },
      () => undefined,
    );
    return () => {
      live = false;
      made?.dispose();
    };
  }, [composed, paper]);

  // A sheet of another paper or design has been disposed, or is about to be.
  const ready = sheet !== null && sheet.paper === paper && sheet.of.design === design && sheet.of.photos === photos;

  useEffect(() => {
    readySheet.current = ready ? (sheet?.prepared ?? null) : null;
  }, [ready, sheet]);

  useEffect(() => {
    // Only a sheet of the design on screen: a print of an older caption would be wrong quietly.
    const onBeforePrint = () => {
      const prepared = readySheet.current;
      if (prepared && !sheetInPlace()) attachSheet(prepared.element);
    };
    window.addEventListener('beforeprint', onBeforePrint);
    return () => window.removeEventListener('beforeprint', onBeforePrint);
  }, []);

  const strip = useCallback(async (): Promise<Blob> => {
    if (composed && composed.design === design && composed.photos === photos) return composed.blob;
    return exportStripJpeg(composer as StripComposer, design, photos, 'print');
  }, [composer, composed, design, photos]);

  return { ready, strip };
}
