import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { GROUP_NAMES, namespacesOf } from '../src/i18n/groups';
import { LANGUAGES } from '../src/i18n/languages';

const LOADERS = 'virtual:i18n-loaders';
const GROUP = 'virtual:i18n/';

/**
 * Splits each i18n/<lang>.json into one chunk per string group (src/i18n/groups.ts):
 * `virtual:i18n-loaders` exports { [lang]: { [group]: () => import(chunk) } }.
 */
export function i18nPlugin(root = process.cwd()): Plugin {
  return {
    name: 'photobooth-i18n',
    resolveId(id) {
      if (id === LOADERS || id.startsWith(GROUP)) return `\0${id}`;
      return null;
    },
    load(id, options) {
      if (id === `\0${LOADERS}`) {
        // The `meta` group (the pages' descriptions) is only for the prerender's <head>: the app never loads it.
        const groups = options?.ssr ? GROUP_NAMES : GROUP_NAMES.filter((g) => g !== 'meta');
        const body = LANGUAGES.map(
          ({ code }) =>
            `${JSON.stringify(code)}: {${groups.map((g) => `${g}: () => import(${JSON.stringify(`${GROUP}${code}/${g}`)})`).join(', ')}}`,
        ).join(',\n');
        return `export default {\n${body}\n};`;
      }
      if (!id.startsWith(`\0${GROUP}`)) return null;
      const [lang = '', group = ''] = id.slice(GROUP.length + 1).split('/');
      const file = resolve(root, `i18n/${lang}.json`);
      this.addWatchFile(file);
      const dict = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(
        namespacesOf(group as (typeof GROUP_NAMES)[number], Object.keys(dict)).map((ns) => [ns, dict[ns]]),
      );
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
