import { useMemo } from 'react';
import { qrPath } from './qrEncode';

interface Props {
  text: string;
  /** What the code is for (the image's accessible name). */
  label: string;
  /** Its side in CSS pixels; left out, the stylesheet sizes it (`className`). */
  size?: number;
  className?: string;
  'data-testid'?: string;
  'data-url'?: string;
}

/**
 * A QR code as one crisp SVG: black modules (one path) on white, with the standard 4-module quiet
 * zone, whatever the theme (colours set on the elements themselves, not inherited).
 */
export function QrCode({ text, label, size, className, ...data }: Props) {
  const { path, side } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      {...data}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
