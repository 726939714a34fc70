import { useEffect, useState } from 'react';
import { ItemPicture } from './ItemPicture';
import { slideMs } from '../gallery';
import { slideshowItems } from '../slides';
import { useGallery } from './useGallery';
import { useObjectUrl } from '../../../components/useObjectUrl';

/**
 * The evening's strips and messages, one after another, behind the attract screen's prompt (in
 * slideshowItems' order: the newest first, each message between two strips, never one whose guest
 * chose "Don't show mine"). Decoration inside the attract screen's button (its words say what to
 * do), so the images have no text of their own; a <span>,
 * as a button holds only phrasing content.
 */
export function Slideshow() {
  const { strips } = useGallery();
  const latest = slideshowItems(strips);
  const [index, setIndex] = useState(0);
  const count = latest.length;
  const strip = count ? latest[index % count] : undefined;
  const showMs = slideMs(strip);
  useEffect(() => {
    if (count < 2) return;
    const timer = setTimeout(() => setIndex((i) => i + 1), showMs);
    return () => clearTimeout(timer);
  }, [count, index, showMs]);
  const url = useObjectUrl(strip?.blob ?? null);
  if (!strip || !url) return null;
  return (
    <span className="event-slideshow" data-testid="event-slideshow" data-count={count}>
      <ItemPicture key={strip.id} item={strip} url={url} alt="" className="event-slide" />
    </span>
  );
}
