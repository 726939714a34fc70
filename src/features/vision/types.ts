/**
 * One face's landmarks for ONE camera frame (MediaPipe Face Landmarker order, 478 points),
 * normalised 0..1 in SOURCE coordinates: x from the frame's left, y from its top, never mirrored.
 */
export type FaceLandmarks = { x: number; y: number; z: number }[];

/** Light level of the scene, from the mean luminance of a small downscaled frame. */
export type LightLevel = 'low' | 'normal' | 'bright';
