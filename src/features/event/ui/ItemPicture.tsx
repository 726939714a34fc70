import type { GalleryStrip } from '../gallery';

/**
 * A gallery item as a picture: a strip's JPG, or a video message playing muted (a gallery, a
 * slideshow and the second screen never play a guest's sound; the host's gallery has controls).
 */
export function ItemPicture({
  item,
  url,
  alt,
  className,
  testId,
  controls = false,
  lazy = false,
}: {
  item: GalleryStrip;
  url: string;
  /** '' for decoration. */
  alt: string;
  className?: string;
  testId?: string;
  /** The host's gallery: play, pause and sound on request. */
  controls?: boolean;
  lazy?: boolean;
}) {
  if (item.kind === 'strip') {
    return <img src={url} alt={alt} width={item.width} height={item.height} className={className} loading={lazy ? 'lazy' : undefined} data-testid={testId} data-id={item.id} />;
  }
  return (
    <video
      src={url}
      muted
      playsInline
      autoPlay={!controls}
      controls={controls}
      preload={controls ? 'metadata' : 'auto'}
      width={item.width}
      height={item.height}
      className={className}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      data-testid={testId}
      data-id={item.id}
      data-kind="message"
    />
  );
}
