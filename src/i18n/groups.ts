/**
 * Which i18n namespaces load together. Each language's strings stay in one file (i18n/<lang>.json);
 * the build splits it into one small chunk per group, and a screen loads only the groups it
 * declares in src/app/routes.ts. A namespace not listed here loads with the shell.
 */
export const STRING_GROUPS = {
  shell: ['app', 'common', 'titles', 'nav', 'lang', 'footer', 'notFound', 'errors', 'storage'],
  // The tutorial overlay's own words, with its code (the first time it is opened).
  tutorial: ['tutorial'],
  landing: ['landing', 'testimonials', 'faq'],
  guides: ['welcome', 'privacy', 'contact', 'photoTutorial', 'userGuide', 'terms', 'blog'],
  booth: ['booth', 'filters', 'camera', 'beauty', 'props', 'background', 'message'],
  preview: ['preview', 'strip', 'share', 'motion', 'print'],
  // Event mode's own words (its screens also take the booth's and the preview's).
  event: ['event'],
  // Sending a strip to a phone: the booth's panel and the phone's receive page.
  send: ['send'],
  // The strip designer's own words (it also takes the preview's: the layouts, frames and photos).
  designer: ['designer'],
  // Meta descriptions: only the prerender reads them (into each page's <head>), never the app.
  meta: ['meta'],
} as const satisfies Record<string, readonly string[]>;

export type StringGroup = keyof typeof STRING_GROUPS;
export const GROUP_NAMES = Object.keys(STRING_GROUPS) as StringGroup[];

/** The namespaces of `group` among those present in a dictionary (the shell also takes the unlisted). */
export function namespacesOf(group: StringGroup, present: string[]): string[] {
  const listed = new Set<string>(Object.values(STRING_GROUPS).flat());
  return present.filter((ns) =>
    (STRING_GROUPS[group] as readonly string[]).includes(ns) || (group === 'shell' && !listed.has(ns)),
  );
}
