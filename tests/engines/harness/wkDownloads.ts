import type { WebKitSession } from './webkit';

/**
 * WebDriver has no download event: the page's `<a download>` clicks are watched to keep a copy of
 * each file they download (read from the blob: URL), and each click goes on as it was.
 */
export async function watchDownloads(wk: WebKitSession): Promise<void> {
  await wk.execute(() => {
    const w = window as unknown as { __downloads: Promise<{ name: string; base64: string }>[] };
    w.__downloads = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download) {
        const name = this.download;
        const read = fetch(this.href).then((r) => r.blob());
        w.__downloads.push(
          read.then(
            (b) =>
              new Promise((resolve) => {
                const fr = new FileReader();
                fr.onload = () => resolve({ name, base64: String(fr.result).split(',')[1] ?? '' });
                fr.readAsDataURL(b);
              }),
          ),
        );
      }
      return click.call(this);
    };
  });
}

/** The i-th file downloaded since watchDownloads (waits for it). */
export async function downloaded(wk: WebKitSession, i = 0): Promise<{ name: string; bytes: Buffer }> {
  await wk.waitFor(() => wk.execute<boolean>((n: number) => (window as unknown as { __downloads: unknown[] }).__downloads.length > n, i), `download ${i + 1}`);
  const file = await wk.executeAsync<{ name: string; base64: string }>(async (n: number) => {
    const w = window as unknown as { __downloads: Promise<{ name: string; base64: string }>[] };
    return w.__downloads[n]!;
  }, i);
  return { name: file.name, bytes: Buffer.from(file.base64, 'base64') };
}
