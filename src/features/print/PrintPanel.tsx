import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { exportBaseName, saveBlob } from '../strip/export';
import type { StripProps } from '../strip/ui/stripProps';
import { PAPER_INCHES, PAPERS, type Paper } from './meta';
import { pageSizeIgnored, paperJpeg, printStrip } from './print';
import { usePrintReady } from './usePrintReady';

/** "photobooth-2026-11-22-1530-print-4x6in.jpg": the paper in the name, for the print shop's sake. */
const printFileName = (paper: Paper) => `${exportBaseName()}-print-${PAPER_INCHES[paper].w}x${PAPER_INCHES[paper].h}in.jpg`;

/**
 * Print the strip: a 2×6 in strip or a 4×6 in sheet of two strips with a cut line, straight from the
 * browser (only the strip prints, at 300 dpi, no margins), or the JPG at the paper's size to print
 * elsewhere. Where the browser ignores the CSS paper size (Safari), the visitor is told and pointed
 * at that JPG.
 */
export function PrintPanel(props: StripProps) {
  const { composer, design } = props;
  const { t } = useI18n();
  const [paper, setPaper] = useState<Paper>('strip');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const { ready, strip } = usePrintReady(props, paper);
  const inches = design.template.paper;
  // Where the paper size is ignored, the JPG at the paper's size is the way to an exact print.
  const sizeIgnored = pageSizeIgnored();
  const wide = inches.w !== PAPER_INCHES.strip.w || inches.h !== PAPER_INCHES.strip.h;

  const run = async (work: () => Promise<string | null>) => {
    if (!composer || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const done = await work();
      if (done) setMessage({ text: done });
    } catch (error) {
      // A visitor closing the share sheet (iOS stands it in for a download) is not an error.
      if ((error as { name?: string })?.name !== 'AbortError') setMessage({ text: t('print.error'), error: true });
    } finally {
      setBusy(false);
    }
  };

  const print = () =>
    run(async () => {
      await printStrip(await strip(), paper);
      return null;
    });

  const download = () =>
    run(async () => {
      const name = printFileName(paper);
      await saveBlob(await paperJpeg(await strip(), paper), name);
      return t('print.downloaded', { name });
    });

  return (
    <section className="print-panel" aria-labelledby="print-heading" data-testid="print-panel" data-ready={ready || undefined}>
      <h2 id="print-heading">{t('print.heading')}</h2>
      <fieldset className="choice-group">
        <legend>{t('print.paper')}</legend>
        <div className="choices">
          {PAPERS.map((p) => (
            <label key={p} className="choice" data-checked={paper === p || undefined}>
              <input type="radio" name="print-paper" value={p} checked={paper === p} onChange={() => setPaper(p)} data-testid={`print-paper-${p}`} />
              {t(`print.papers.${p}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {wide && <p className="hint">{t('print.wideLayout', { inches: `${inches.w}×${inches.h}` })}</p>}
      {sizeIgnored && (
        <p className="notice" data-testid="print-size-ignored">
          {t('print.ignoresSize')}
        </p>
      )}
      <div className="action-row">
        <button type="button" className={`btn ${sizeIgnored ? 'btn-secondary' : 'btn-primary'}`} onClick={print} disabled={busy || !composer} data-testid="print-button">
          {t('print.print')}
        </button>
        <button type="button" className={`btn ${sizeIgnored ? 'btn-primary' : 'btn-secondary'}`} onClick={download} disabled={busy || !composer} data-testid="print-download">
          {t('print.download')}
        </button>
      </div>
      <p className="hint">{t('print.hint')}</p>
      <p className={message?.error ? 'notice error' : 'export-status'} role="status" aria-live="polite">
        {busy ? t('print.preparing') : message?.text}
      </p>
    </section>
  );
}
