import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { readablePhotosAtom } from '../../../state/session';
import type { StripComposer } from '../composer';
import type { StripProps } from './stripProps';
import { exportBaseName, saveBlob, stripDownloadName } from '../export';
import { buildZip } from '../zip';
import { SendToPhone } from '../../send/ui/SendToPhone';
import { DEFAULT_RESOLUTION, stripFile } from '../ready';
import { RESOLUTIONS, stripSize, type ResolutionId } from '../layouts';

/** How long the design must stay unchanged before its JPG is made. */
const SETTLE_MS = 700;

/**
 * Download the strip as a JPG at a chosen size, or everything as one ZIP; `extraFiles` adds more
 * to the ZIP (the moving strip and boomerangs, made by the motion feature).
 */
export function ExportActions({
  composer,
  design,
  photos,
  extraFiles,
}: StripProps & { extraFiles?: () => Promise<File[]> }) {
  const { t } = useI18n();
  const captured = useAtomValue(readablePhotosAtom);
  const [resolution, setResolution] = useState<ResolutionId>(DEFAULT_RESOLUTION);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const paper = design.template.paper;

  // The JPG is made once the design has settled (a caption typed, a sticker moved), so the
  // download saves at once: the click takes the file already made for this design.
  useEffect(() => {
    if (!composer || photos.length === 0) return;
    const timer = setTimeout(() => void stripFile(composer, design, photos, resolution).catch(() => undefined), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [composer, design, photos, resolution]);

  const run = async (work: () => Promise<string>) => {
    if (!composer || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const name = await work();
      setMessage({ text: t('strip.downloaded', { name }) });
    } catch (error) {
      // A visitor closing the share sheet is not an error.
      if ((error as { name?: string })?.name === 'AbortError') setMessage(null);
      else setMessage({ text: t('strip.error'), error: true });
    } finally {
      setBusy(false);
    }
  };

  // The phone gets what the downloads give: the strip at the chosen size, each photo, the motion files.
  const sendFiles = async () => {
    const base = exportBaseName();
    const strip = await stripFile(composer as StripComposer, design, photos, resolution);
    const extras = (await extraFiles?.()) ?? [];
    return [
      { name: stripDownloadName(resolution, base), type: 'image/jpeg', blob: strip },
      ...captured.map((p, i) => ({ name: `${base}-photo-${i + 1}.jpg`, type: 'image/jpeg', blob: p.blob })),
      ...extras.map((f) => ({ name: f.name, type: f.type, blob: f as Blob })),
    ];
  };
  const sendKey = `${resolution}|${JSON.stringify(design)}|${photos.map((p) => p.id).join()}`;

  const downloadJpeg = () =>
    run(async () => {
      const blob = await stripFile(composer as StripComposer, design, photos, resolution);
      const name = stripDownloadName(resolution);
      await saveBlob(blob, name);
      return name;
    });

  const downloadAll = () =>
    run(async () => {
      const base = exportBaseName();
      const strip = await stripFile(composer as StripComposer, design, photos, resolution);
      const extras = (await extraFiles?.()) ?? [];
      const zip = await buildZip([
        { name: `${base}-strip.jpg`, blob: strip },
        ...captured.map((p, i) => ({ name: `${base}-photo-${i + 1}.jpg`, blob: p.blob })),
        ...extras.map((f) => ({ name: f.name, blob: f })),
      ]);
      const name = `${base}.zip`;
      await saveBlob(zip, name);
      return name;
    });

  return (
    <section className="export-actions" aria-labelledby="export-heading">
      <h2 id="export-heading">{t('strip.download')}</h2>
      <label className="strip-field">
        <span>{t('strip.resolution')}</span>
        <select value={resolution} onChange={(e) => setResolution(e.target.value as ResolutionId)}>
          {RESOLUTIONS.map((r) => {
            const { width, height } = stripSize(paper, r);
            const inches = `${paper.w}×${paper.h}`;
            return (
              <option key={r} value={r}>
                {t(`strip.resolutions.${r}`, { w: width, h: height, inches })}
              </option>
            );
          })}
        </select>
      </label>
      <div className="action-row">
        <button type="button" className="btn btn-primary" onClick={downloadJpeg} disabled={busy || !composer} data-testid="download-jpg">
          {t('strip.downloadJpg')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={downloadAll} disabled={busy || !composer} data-testid="download-all">
          {t('strip.downloadAll')}
        </button>
      </div>
      <p className={message?.error ? 'notice error' : 'export-status'} role="status" aria-live="polite">
        {busy ? t('strip.preparing') : message?.text}
      </p>
      {/* A new code for each strip: the panel starts again when the design, the photos or the size change. */}
      <SendToPhone key={sendKey} files={sendFiles} scan={null} />
    </section>
  );
}
