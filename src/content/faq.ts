/** The landing page's questions, in order: `faq.<id>Q` and `faq.<id>A` (also its FAQPage structured data). */
export const FAQ_IDS = ['free', 'privacy', 'storage', 'devices', 'download', 'keyboard', 'offline'] as const;
