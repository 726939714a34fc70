import filterMainFrag from '../../../shaders/common/filter-main.frag?raw';
import type { FinalPass } from '../../gl/types';
import { FILTERS, filterById, type FilterDef } from './meta';

const sources = new Map<string, string>();

/** The full filter fragment shader for a registry entry (its GLSL inside the shared wrapper; built once). */
export function filterFragmentSource(filter: FilterDef): string {
  let source = sources.get(filter.id);
  if (source === undefined) {
    source = filterMainFrag.replace('//#FILTER', filter.shader);
    sources.set(filter.id, source);
  }
  return source;
}

/** The pipeline's last pass for a filter; `mirror` flips horizontally (the preview, or a photo when chosen). */
export function filterPass(filterId: string, mirror: boolean): FinalPass {
  const filter = filterById(filterId);
  return {
    id: `filter:${filter.id}`,
    source: filterFragmentSource(filter),
    uniforms: { ...filter.uniforms, u_mirror: mirror ? 1 : 0, u_intensity: 1 },
  };
}

/** Every filter's program, compiled in the background so thumbnails and the first picks never stall. */
export function prepareFilters(pipeline: { prepare(id: string, source: string): void }): void {
  for (const f of FILTERS) pipeline.prepare(`filter:${f.id}`, filterFragmentSource(f));
}
