import type { StripDesign } from '../compose';
import type { StripComposer } from '../composer';
import type { ComposerPhoto } from '../protocol';

/** What every strip view and action works on: the composer, the design and the photos. */
export interface StripProps {
  composer: StripComposer | null;
  design: StripDesign;
  photos: ComposerPhoto[];
}
