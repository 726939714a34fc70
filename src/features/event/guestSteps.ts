import { photoRoll } from '../../state/photos';
import type { Store } from '../../state/store';
import { DEFAULT_COLORS, ZERO_LEVELS } from '../beauty/meta';
import { beautyEnabledAtom, beautyLevelsAtom, makeupColorsAtom } from '../beauty/state';
import type { BoothSession } from '../booth/session/boothSession';
import { shotCountAtom } from '../booth/state';
import { DEFAULT_FILTER_ID } from '../filters/meta';
import { selectFilter } from '../filters/select';
import { NO_PROP } from '../props/meta';
import { selectProp } from '../props/select';
import type { StripDesign } from '../strip/compose';
import type { StripComposer } from '../strip/composer';
import { exportStripJpeg } from '../strip/export';
import { stripSize } from '../strip/layouts';
import type { MessageDesk } from '../message/desk';
import { clearUnkept } from '../message/sink';
import { messageFailedAtom } from '../message/state';
import type { EventView, GuestSteps } from './flow';
import { addStrip, setStripHidden } from './gallery';
import { noteUnkept } from './health';

/** How long a guest's strip may take in the composer's worker before it is restarted. */
const COMPOSER_WAIT_MS = 15_000;
import { eventViewAtom } from './state';
import { NO_STYLE } from '../styles/define';
import { styleIdAtom } from '../styles/state';

/**
 * Every guest starts from the plain look (no filter, no style, no prop, no retouch), whatever the guest
 * before chose; where the host allows no change, that is the look of the whole evening.
 */
export function plainLook(store: Store): void {
  selectFilter(store, DEFAULT_FILTER_ID);
  selectProp(store, NO_PROP);
  store.set(beautyEnabledAtom, false);
  store.set(beautyLevelsAtom, ZERO_LEVELS);
  store.set(makeupColorsAtom, DEFAULT_COLORS);
  store.set(styleIdAtom, NO_STYLE);
}

interface Deps {
  /** The guest booth's own store. */
  store: Store;
  /** The booth session on screen (null before it exists). */
  session: () => BoothSession | null;
  composer: StripComposer;
  /** The strip's design now for `count` photos (in the page's language, with today's date). */
  design: (count: number) => StripDesign;
  /** The guest booth's message desk (null before it exists). */
  desk: () => MessageDesk | null;
}

/** The flow's steps on the real booth: the session's shots, the composer, the gallery, the store. */
export function guestSteps({ store, session, composer, design, desk }: Deps): GuestSteps {
  return {
    canShoot: () => session()?.canShoot ?? false,
    shoot: async (signal) => {
      const s = session();
      if (!s) return [];
      photoRoll.clear(store);
      const n = store.get(shotCountAtom);
      const result = await s.run({ indices: Array.from({ length: n }, (_, i) => i), total: n, replaceAll: true }, signal);
      return (result?.photos ?? []).map((p) => ({ id: p.id, blob: p.blob, focus: p.focus }));
    },
    // The worker gets less than the flow's deadline: a hung one is restarted for the next guest.
    compose: (photos, resolution) => exportStripJpeg(composer, design(photos.length), photos, resolution, COMPOSER_WAIT_MS),
    keep: async (strip, hidden, message) => {
      if (message) {
        // The gallery's own copy, read whole (tens of MB at most): a stored handle to the recording's
        // file on the device would break once that file is cleared after the guest's turn.
        const copy = new Blob([await strip.arrayBuffer()], { type: `video/${message.format}` });
        return (await addStrip(copy, message.width, message.height, { hidden, kind: 'message', seconds: message.seconds })).id;
      }
      const { width, height } = stripSize(design(store.get(shotCountAtom)).template.paper, 'standard');
      return (await addStrip(strip, width, height, { hidden })).id;
    },
    recordMessage: () => desk()?.start(),
    cancelMessage: () => {
      const d = desk();
      d?.cancel();
      void d?.discard();
    },
    setHidden: (id, hidden) => setStripHidden(id, hidden),
    unkept: () => noteUnkept(),
    forget: () => {
      // The guest's recording on the device (their message is in the gallery if they kept it).
      if (desk()) void clearUnkept(new Set());
      store.set(messageFailedAtom, null);
      photoRoll.clear(store);
      composer.keepOnly([]);
      plainLook(store);
    },
    publish: (view: EventView) => store.set(eventViewAtom, view),
    objectUrl: (blob) => URL.createObjectURL(blob),
    revokeUrl: (url) => URL.revokeObjectURL(url),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
}
