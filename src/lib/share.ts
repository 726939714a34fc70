/**
 * Web Share of files: the one place that asks whether this browser can share files, and shares
 * them. Files are shared ALONE ({ files }): iOS Safari drops the files, or fails, when a title or
 * text comes with them, and a shared photo needs neither. Where files cannot be shared, callers
 * download them instead and say so.
 */

/** Whether `files` can go to the share sheet here (navigator.share and canShare, and canShare says yes). */
export function canShareFiles(files: File[]): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files });
  } catch {
    return false; // a browser whose canShare throws on files has no file sharing worth offering
  }
}

/** Whether a file named `name` of `type` could be shared here, asked before the file exists (to word a button). */
export function canShareFileType(name: string, type: string): boolean {
  return canShareFiles([new File([], name, { type })]);
}

/**
 * Opens the share sheet with the files and nothing else. Call it while the tap still counts (no
 * long await before it). Rejects as navigator.share does: AbortError when the person closed the
 * sheet, NotAllowedError when the tap's permission ran out.
 */
export function shareFiles(files: File[]): Promise<void> {
  return navigator.share({ files });
}
