import { atomWithStorage } from 'jotai/utils';
import * as v from 'valibot';
import { sessionStore } from '../../lib/sessionAtom';
import { NO_PROP, PROP_CHOICES } from './meta';

/** The chosen prop (registry id, or NO_PROP): remembered for the session, like the beauty look. */
export const propIdAtom = atomWithStorage<string>('photobooth.prop', NO_PROP, sessionStore(v.picklist(PROP_CHOICES as string[])), {
  getOnInit: true,
});
