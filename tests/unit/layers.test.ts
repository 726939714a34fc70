import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module without types (the ESLint rule itself)
import { allows, LAYERS, layerOf } from '../../scripts/eslint-layers.js';

const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
}

/** Layer → the layers its files really import (relative imports, static and dynamic). */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files(SRC).filter((f) => /\.tsx?$/.test(f))) {
    const from = layerOf(file, SRC) as string;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"?]+)/g)) {
      const to = layerOf(resolve(dirname(file), m[1]!), SRC);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A cycle in a graph, as a path, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...path.slice(path.indexOf(n)), n];
    state.set(n, 'open');
    path.push(n);
    for (const m of graph.get(n) ?? []) {
      const c = visit(m);
      if (c) return c;
    }
    path.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of graph.keys()) {
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

describe('folder layers', () => {
  it('no folder of src/ imports another in a cycle', () => {
    expect(findCycle(importGraph())).toBeNull();
  });

  it('the lint table itself is a DAG (entry points and the test seam aside)', () => {
    const layers = Object.keys(LAYERS).filter((l) => l !== 'entry' && l !== 'test-seam');
    const features = [...importGraph().keys()].filter((l) => l.startsWith('features/'));
    const graph = new Map(
      [...layers, ...features].map((l) => [l, new Set([...layers, ...features].filter((m) => m !== l && allows(l, m)))]),
    );
    expect(findCycle(graph)).toBeNull();
  });

  it('every folder of src/ has a row in the table', () => {
    for (const layer of importGraph().keys()) expect(Object.keys(LAYERS), layer).toContain(layer);
  });

  it('lint fails on an upward import and on a folder cycle', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const upward = await eslint.lintText("import { store } from '../state/store';\nexport const x = store;\n", {
      filePath: join(SRC, 'gl', 'upward.ts'),
    });
    expect(upward[0]!.messages.map((m) => m.ruleId)).toContain('photobooth/layers');
    // features/vision sits below features/beauty: importing it back would close a cycle.
    const cycle = await eslint.lintText("import { needsFaces } from '../beauty/meta';\nexport const y = needsFaces;\n", {
      filePath: join(SRC, 'features', 'vision', 'cycle.ts'),
    });
    expect(cycle[0]!.messages.map((m) => m.message).join('\n')).toMatch(/features\/vision must not import features\/beauty/);
    const fine = await eslint.lintText("import { needsFaces } from '../beauty/meta';\nexport const z = needsFaces;\n", {
      filePath: join(SRC, 'features', 'booth', 'fine.ts'),
    });
    expect(fine[0]!.messages.filter((m) => m.ruleId === 'photobooth/layers')).toEqual([]);
  });
});
