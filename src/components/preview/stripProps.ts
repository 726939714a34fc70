import type { StripDesign } from '../../strip/compose';
import type { StripComposer } from '../../strip/composer';
import type { ComposerPhoto } from '../../strip/protocol';

/** What every strip view and action works on: the composer, the design and the photos. */
export interface StripProps {
  composer: StripComposer | null;
  design: StripDesign;
  photos: ComposerPhoto[];
}
