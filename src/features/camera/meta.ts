/** The camera's data: what the booth asks for, and the faults it explains. */

/** Camera faults the booth explains, each with its own translated message (camera.errors.<kind>). */
export const CAMERA_ERRORS = ['denied', 'notFound', 'inUse', 'ended', 'unsupported', 'unknown'] as const;
export type CameraErrorKind = (typeof CAMERA_ERRORS)[number];

/** The size asked for (an ideal: a camera that cannot give it gives what it can). */
export const IDEAL_WIDTH = 1280;
export const IDEAL_HEIGHT = 720;
/** Which camera first: the one facing the visitor. */
export const DEFAULT_FACING: VideoFacingModeEnum = 'user';
