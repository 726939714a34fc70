import { useMemo } from 'react';
import { qrPath } from './qrEncode';

interface Props {
  text: string;
  /** What the code is for (the image's accessible name). */
  label: string;
  className?: string;
  'data-testid'?: string;
  'data-url'?: string;
}

/** A QR code as one crisp SVG: black modules on white, with the standard 4-module quiet zone. */
export function QrCode({ text, label, className, ...data }: Props) {
  const { path, side } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className={className} viewBox={`0 0 ${side} ${side}`} role="img" aria-label={label} shapeRendering="crispEdges" {...data}>
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
