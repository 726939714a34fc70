import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useI18n, useStrings } from '../i18n/I18nProvider';
import { tutorialOpenAtom } from '../state/ui';
import './TutorialOverlay.css';

const STEPS = ['camera', 'filters', 'capture', 'customise', 'share'] as const;
/** Each step's icon: a <symbol> in public/showcase/icons.svg (drawn, so it looks the same without an emoji font). */
const ICONS: Record<(typeof STEPS)[number], string> = {
  camera: 'camera',
  filters: 'filters',
  capture: 'capture',
  customise: 'layouts',
  share: 'download',
};

/**
 * The "how it works" overlay. A native modal <dialog>: the page behind is inert (focus stays
 * inside), Escape closes it, and focus returns to the control that opened it.
 */
export function TutorialOverlay() {
  useStrings(['tutorial']);
  const { t } = useI18n();
  const [open, setOpen] = useAtom(tutorialOpenAtom);
  const [step, setStep] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const primary = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      setStep(0);
      el.showModal();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  // Keep focus on the main action as the steps change, so Enter walks through the tutorial.
  useEffect(() => {
    if (open) primary.current?.focus();
  }, [open, step]);

  const close = () => setOpen(false);
  const id = STEPS[step] ?? 'camera';
  const last = step === STEPS.length - 1;

  return (
    <dialog
      ref={dialog}
      className="tutorial"
      aria-labelledby="tutorial-title"
      onClose={close}
      onCancel={close}
      onClick={(e) => {
        if (e.target === dialog.current) close(); // a click on the backdrop
      }}
    >
      {open && (
        <div className="tutorial-body">
          <button type="button" className="icon-button tutorial-close" aria-label={t('tutorial.close')} onClick={close}>
            ✕
          </button>
          <p className="tutorial-progress">{t('tutorial.progress', { step: step + 1, total: STEPS.length })}</p>
          <svg className="tutorial-icon" aria-hidden="true" width="72" height="72">
            <use href={`/showcase/icons.svg#${ICONS[id]}`} />
          </svg>
          <h2 id="tutorial-title">{t(`tutorial.${id}.title`)}</h2>
          <p>{t(`tutorial.${id}.body`)}</p>
          <ol className="tutorial-dots" aria-hidden="true">
            {STEPS.map((s, i) => (
              <li key={s} data-current={i === step || undefined} />
            ))}
          </ol>
          <div className="tutorial-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setStep(step - 1)} disabled={step === 0}>
              {t('tutorial.back')}
            </button>
            {last ? (
              <button
                type="button"
                ref={primary}
                className="btn btn-primary"
                onClick={close}
              >
                {t('tutorial.finish')}
              </button>
            ) : (
              <button ref={primary} type="button" className="btn btn-primary" onClick={() => setStep(step + 1)}>
                {t('tutorial.next')}
              </button>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
