/**
 * The File System Access save picker (showSaveFilePicker): the one place that asks whether this
 * browser lets a page write a file the person picks. Chromium on desktop has it; Safari, Firefox
 * and phones do not, and there a page can only download.
 */

export type SaveFilePicker = (options: {
  suggestedName?: string;
  types?: { description: string; accept: Record<string, string[]> }[];
}) => Promise<FileSystemFileHandle>;

/** The browser's save picker, bound to the window, or null where there is none. */
export function saveFilePicker(): SaveFilePicker | null {
  if (typeof window === 'undefined') return null;
  const pick = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  return typeof pick === 'function' ? pick.bind(window) : null;
}
