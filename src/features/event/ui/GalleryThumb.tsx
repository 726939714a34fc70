import { memo } from 'react';
import { useI18n } from '../../../i18n/I18nProvider';
import { saveBlob } from '../../strip/export';
import { itemExt, stripFileName, type GalleryStrip } from '../gallery';
import { ItemPicture } from './ItemPicture';
import { useObjectUrl } from '../../../components/useObjectUrl';

/** The strip the host asked to delete: its key, its number in the evening, its time. */
export interface DeleteTarget {
  id: string;
  number: number;
  createdAt: number;
}

/** "21:40" in the page's language. */
export function useTimeOf(): (createdAt: number) => string {
  const { lang } = useI18n();
  return (createdAt) => new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(new Date(createdAt));
}

/** One strip of the gallery: its picture, number and time, Download and Delete. */
export const GalleryThumb = memo(function GalleryThumb({
  strip,
  number,
  onDelete,
}: {
  strip: GalleryStrip;
  /** Its place in the evening, from 1 (damaged records count: see gallery.ts byTaken). */
  number: number;
  onDelete: (target: DeleteTarget) => void;
}) {
  const { t } = useI18n();
  const url = useObjectUrl(strip.blob);
  const time = useTimeOf()(strip.createdAt);
  const label = t(strip.kind === 'message' ? 'event.messageNumber' : 'event.stripNumber', { n: number, time });
  return (
    <li className="event-thumb" data-testid="event-thumb" data-number={number} data-kind={strip.kind}>
      {url && <ItemPicture item={strip} url={url} alt={label} controls lazy />}
      <span className="event-thumb-meta" aria-hidden="true">
        {number} · {time}
      </span>
      <button type="button" className="btn btn-ghost" onClick={() => void saveBlob(strip.blob, stripFileName(number - 1, strip.createdAt, itemExt(strip))).catch(() => undefined)}>
        {t('event.downloadOne')}
        <span className="visually-hidden"> ({label})</span>
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => onDelete({ id: strip.id, number, createdAt: strip.createdAt })} data-testid="event-thumb-delete">
        {t('event.deleteOne')}
        <span className="visually-hidden"> ({label})</span>
      </button>
    </li>
  );
});

/** A record that cannot be shown (no picture, or not one): named, so the host may delete it. */
export function DamagedThumb({ id, number, createdAt, onDelete }: DeleteTarget & { onDelete: (target: DeleteTarget) => void }) {
  const { t } = useI18n();
  const time = useTimeOf()(createdAt);
  return (
    <li className="event-thumb" data-testid="event-thumb-damaged" data-number={number}>
      <p className="notice error">{t('event.damaged', { n: number, time })}</p>
      <button type="button" className="btn btn-ghost" onClick={() => onDelete({ id, number, createdAt })} data-testid="event-thumb-delete">
        {t('event.deleteOne')}
        <span className="visually-hidden"> ({t('event.stripNumber', { n: number, time })})</span>
      </button>
    </li>
  );
}
