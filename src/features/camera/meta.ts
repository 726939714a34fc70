/** The camera's data: what the booth asks for, and the faults it explains. */

/** Camera faults the booth explains, each with its own translated message (camera.errors.<kind>). */
export const CAMERA_ERRORS = ['denied', 'notFound', 'inUse', 'ended', 'unsupported', 'unknown'] as const;
export type CameraErrorKind = (typeof CAMERA_ERRORS)[number];

/**
 * The size asked for, long side × short side (an ideal: a camera that cannot give it gives what it
 * can). A portrait screen asks for a portrait frame: a browser may otherwise crop a phone's
 * portrait camera to landscape and cut off the top of the head.
 */
export const IDEAL_LONG_SIDE = 1280;
export const IDEAL_SHORT_SIDE = 720;
/** Which camera first: the one facing the visitor. */
export const DEFAULT_FACING: VideoFacingModeEnum = 'user';
/** Where the chosen camera's id is remembered (localStorage). */
export const CAMERA_CHOICE_KEY = 'photobooth.camera';
/**
 * The pages whose camera is asked for before the app loads (src/early.ts): the booth's own path,
 * with or without a language prefix, any case.
 */
export const EARLY_CAMERA_PAGE = /^\/(?:[a-z]{2}\/)?photobooth\/?$/i;
/** The global symbol's key the early script sets when it runs (the page loads it as a file when its inline copy was refused). */
export const EARLY_RAN = 'photobooth.earlyRan';
