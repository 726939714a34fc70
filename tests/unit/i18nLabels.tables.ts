/**
 * The tables behind tests/unit/i18nLabels.test.ts: which strings are the labels of controls,
 * how each language quotes a label, and which help texts must name which controls.
 */

/** How each language quotes a control's label inside a sentence (one style per language). */
export const QUOTES: Record<string, readonly [open: string, close: string]> = {
  en: ['“', '”'],
  zh: ['“', '”'],
  id: ['“', '”'],
  vi: ['“', '”'],
  pt: ['“', '”'],
  ja: ['「', '」'],
  th: ['“', '”'],
  es: ['«', '»'],
  it: ['«', '»'],
};

/** Every quotation mark that opens or closes a quote in any language (not the apostrophe ’). */
export const QUOTE_MARKS = /[“”"«»「」『』‘„]/u;

/**
 * The strings a control shows: button, link, checkbox, option and field labels, and the headings
 * of the panels a help text sends the visitor to. A key ending in `.*` means every string below it.
 */
export const CONTROL_KEYS: readonly string[] = [
  'app.updateReload',
  'lang.label',
  'nav.features', 'nav.gallery', 'nav.privacy', 'nav.contact', 'nav.tutorial',
  'footer.home', 'footer.photobooth', 'footer.preview', 'footer.ideas', 'footer.faq', 'footer.about',
  'footer.privacy', 'footer.terms', 'footer.blog', 'footer.careers', 'footer.event',
  'errors.reload', 'errors.rescue', 'errors.dismiss',
  'tutorial.close', 'tutorial.back', 'tutorial.next', 'tutorial.finish',
  'welcome.start', 'welcome.guide',
  'landing.start', 'landing.howItWorks', 'landing.licenceCta',
  'contact.name', 'contact.email', 'contact.message', 'contact.submit',
  'booth.settings', 'booth.shots', 'booth.countdown', 'booth.countdownOff', 'booth.sound', 'booth.mirrorPhotos',
  'booth.start', 'booth.retakeAll', 'booth.retake', 'booth.toPreview', 'booth.next', 'booth.applyRecommended',
  'booth.fullscreen', 'booth.exitFullscreen', 'booth.motion', 'booth.stripChoice',
  'preview.goToBooth', 'preview.takeNew', 'preview.clear', 'preview.removeUnreadable',
  'beauty.title', 'beauty.enable', 'beauty.levels.*', 'beauty.presetsLabel', 'beauty.presets.*', 'beauty.reset',
  'beauty.retry', 'beauty.close', 'beauty.lipColor', 'beauty.blushColor', 'beauty.colors.*',
  'filters.heading', 'filters.groups.*', 'filters.names.*',
  'camera.resume', 'camera.retry', 'camera.help', 'camera.pick', 'camera.mirrorPreview', 'camera.switch',
  'strip.layout', 'strip.layouts.*', 'strip.background', 'strip.colours.*', 'strip.customColour', 'strip.frame',
  'strip.frames.*', 'strip.stickers', 'strip.stickerSets.*', 'strip.smaller', 'strip.bigger', 'strip.removeSticker',
  'strip.caption', 'strip.showDate', 'strip.download', 'strip.resolution', 'strip.resolutions.*',
  'strip.downloadJpg', 'strip.downloadAll',
  'share.heading', 'share.social', 'share.email', 'share.copy', 'share.download',
  'storage.clear', 'storage.clearYes', 'storage.clearNo', 'storage.dismiss',
  'props.heading', 'props.none', 'props.names.*',
  'background.title', 'background.names.*', 'background.addPicture', 'background.blurLevel',
  'background.choosePicture', 'background.removePicture', 'background.green', 'background.tolerance', 'background.spill',
  'motion.title', 'motion.format', 'motion.formats.*', 'motion.play', 'motion.stop', 'motion.saveStrip',
  'motion.saveBoomerang', 'motion.share', 'motion.cancel',
  'print.heading', 'print.paper', 'print.papers.*', 'print.print', 'print.download',
  'event.shots', 'event.countdown', 'event.caption', 'event.showDate', 'event.idle', 'event.printOn', 'event.guestsMay',
  'event.allow.*', 'event.slideshowOn', 'event.start', 'event.downloadOne', 'event.deleteOne', 'event.exportZip',
  'event.clear', 'event.keep', 'event.clearConfirm', 'event.deleteKeep', 'event.deleteConfirm', 'event.tapToStart',
  'event.go', 'event.print', 'event.download', 'event.done', 'event.hideMine', 'event.stay', 'event.leave',
  'event.guestErrorRetry', 'event.pinAsk', 'event.pinNew', 'event.pinAgain', 'event.triggerTest', 'event.unlock',
  'event.forgotPin', 'event.forgotCancel', 'event.end', 'event.stunLabel', 'event.show.fullScreen', 'event.show.open',
  'send.button', 'send.again', 'send.close', 'send.nearby', 'send.save', 'send.shareFile',
  'strip.designYourOwn',
  'designer.undo', 'designer.redo', 'designer.addSlot', 'designer.addText', 'designer.addPicture', 'designer.addOverlay',
  'designer.save', 'designer.export', 'designer.import', 'designer.new',
  'message.heading', 'message.record', 'message.stop', 'message.cancel', 'message.keep', 'message.again', 'message.discard',
  'message.download', 'message.delete',
  'event.photos', 'event.videoMessage', 'event.messages.on',
];

const LEVELS = ['smooth', 'brightness', 'enhance', 'slim', 'eyes', 'lips', 'blush', 'teeth', 'eyeWhites'];
const BEAUTY = [
  'beauty.title', 'beauty.enable', 'beauty.reset',
  ...['natural', 'fresh', 'glamour', 'cute'].map((p) => `beauty.presets.${p}`),
  ...LEVELS.map((l) => `beauty.levels.${l}`),
];
const FILTERS = [
  'none', 'grayscale', 'sepia', 'high-contrast', 'bright', 'portrait-enhance', 'dramatic-light', 'advanced-bw',
  'film-look', 'dreamy-blue', 'vintage-green', 'negative', 'dark-mood',
].map((f) => `filters.names.${f}`);
const BACKDROPS = ['pastel', 'bokeh', 'studio', 'hearts', 'night', 'beach'].map((b) => `background.names.${b}`);
const SAVE = ['strip.downloadJpg', 'strip.downloadAll', 'share.social'];

/**
 * Help texts and the controls each one names: in every language the text must contain the
 * control's label, exactly as the control shows it, in that language's quotes. (The strip layouts
 * are checked apart, against the layout registry: see LAYOUT_LISTS.)
 */
export const HELP_REFS: Record<string, readonly string[]> = {
  'tutorial.filters.body': ['beauty.title', 'beauty.enable'],
  'tutorial.capture.body': ['booth.start'],
  'welcome.step2': ['booth.start'],
  'privacy.storageItems.1': ['preview.clear'],
  'privacy.storageBackground': ['background.removePicture'],
  'privacy.sharingBody.0': SAVE,
  'privacy.controlBody.0': ['preview.clear'],
  'privacy.phoneBody.0': ['send.button'],
  'photoTutorial.step2Body': ['landing.start', 'camera.pick'],
  'photoTutorial.step4Body': BEAUTY,
  'photoTutorial.step5Body': ['booth.start', 'booth.retakeAll'],
  'photoTutorial.step7Body': SAVE,
  'photoTutorial.tips.2': ['beauty.levels.brightness'],
  'userGuide.filtersBody': [...['standard', 'professional', 'artistic'].map((g) => `filters.groups.${g}`), ...FILTERS],
  'userGuide.beautyBody': BEAUTY,
  'userGuide.propsBody': ['props.none'],
  'userGuide.backgroundBody': [
    'background.title', 'background.names.none', 'background.names.blur', 'background.blurLevel', ...BACKDROPS,
    'background.green', 'background.tolerance', 'background.spill',
  ],
  'userGuide.captureBody': ['booth.settings', 'booth.stripChoice', 'booth.start', 'booth.retakeAll', 'booth.next'],
  'userGuide.motionBody': ['booth.motion', 'booth.settings', 'motion.title', 'motion.play', 'motion.cancel'],
  'userGuide.messageBody': ['message.heading', 'message.record', 'message.stop', 'message.keep', 'message.again', 'message.delete'],
  'userGuide.customiseBody': SAVE,
  'userGuide.designerBody': [
    'strip.designYourOwn', 'designer.new', 'designer.addOverlay', 'designer.addSlot', 'designer.addText', 'designer.addPicture',
    'designer.undo', 'designer.redo', 'designer.save', 'designer.export', 'designer.import',
  ],
  'userGuide.printBody': ['print.heading', 'print.print', 'print.download'],
  'userGuide.eventBody': ['event.start', 'event.tapToStart', 'event.print', 'event.download', 'event.done'],
  'userGuide.keyArrows': ['dreamy-blue', 'vintage-green', 'negative', 'dark-mood'].map((f) => `filters.names.${f}`),
  'userGuide.cameraItems.4': ['camera.pick'],
  'userGuide.blurryItems.3': ['beauty.levels.smooth'],
  'userGuide.eventMore.0': ['event.forgotPin'],
  'userGuide.eventMore.1': ['event.triggerTest'],
  'userGuide.eventMore.2': ['event.show.open', 'event.hideMine'],
  'userGuide.eventMore.4': ['event.messages.on', 'event.photos', 'event.videoMessage'],
  'userGuide.sendBody': ['send.button'],
  'faq.storageA': ['preview.clear'],
  'testimonials.retroBody': ['filters.names.grayscale', 'strip.layouts.classic'],
  'background.modelFailed': ['background.green'],
  'motion.shareAgain': ['motion.share'],
  'event.cameraHelp': ['camera.retry'],
};

/** Help texts that list the strip layouts: each must name every layout of the registry, quoted. */
export const LAYOUT_LISTS: readonly string[] = ['photoTutorial.step6Body', 'userGuide.customiseBody'];

/**
 * Quotes that are not the name of one of our controls, each with the reason it is quoted.
 * `*` applies to every language. Keep this short: a control's name belongs in CONTROL_KEYS.
 */
export const NOT_CONTROLS: readonly { key: string; why: string; quotes: Record<string, readonly string[]> }[] = [
  ...['moveUp', 'moveDown', 'deleteLayer', 'openNamed', 'deleteNamed', 'confirmDeleteNamed', 'msg.saved', 'msg.imported', 'msg.opened', 'msg.deleted'].map((k) => ({
    key: `designer.${k}`,
    why: "a design's or a layer's own name, which the app fills in",
    quotes: { '*': ['{{name}}'] },
  })),
  { key: 'designer.msg.started', why: 'the name of the layout the design started from, filled in', quotes: { '*': ['{{layout}}'] } },
  { key: 'landing.galleryClassicAlt', why: 'the caption written on the example strip', quotes: { '*': ['Best night'] } },
  { key: 'landing.galleryGridAlt', why: 'the caption written on the example strip', quotes: { '*': ['Party crew'] } },
  { key: 'privacy.storageItems.0', why: 'the name of a browser storage key', quotes: { '*': ['photobooth.lang'] } },
  { key: 'privacy.storageBackground', why: 'the name of a browser database', quotes: { '*': ['photobooth-background'] } },
  { key: 'booth.applyRecommended', why: 'the suggested filter, whose name the app fills in', quotes: { '*': ['{{filter}}'] } },
  {
    key: 'terms.serviceBody.0',
    why: 'the legal phrase "as is"',
    quotes: {
      en: ['as is'], zh: ['现状'], id: ['apa adanya'], vi: ['nguyên trạng'], pt: ['no estado em que se encontra'],
      ja: ['現状のまま'], th: ['ตามสภาพ'], es: ['tal cual'], it: ["così com'è"],
    },
  },
  // The iPhone's own buttons and apps, named as iOS names them in that language.
  { key: 'userGuide.downloadItems.1', why: "iOS's own labels", quotes: { zh: ['分享', '存储图像', '照片', '文件'], ja: ['共有', '画像を保存', '写真', 'ファイル'] } },
  { key: 'userGuide.mobileItems.3', why: "iOS's own labels", quotes: { zh: ['文件', '分享', '存储图像', '照片'], ja: ['ファイル', '共有', '画像を保存', '写真'] } },
  { key: 'faq.downloadA', why: "the iPhone's Photos app", quotes: { zh: ['照片'], ja: ['写真'] } },
  { key: 'userGuide.eventMore.0', why: "the browser's own Back button", quotes: { ja: ['戻る'] } },
];
