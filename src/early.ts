/**
 * The booth's camera first: a tiny script of its own, built as a classic self-contained script
 * that the booth's pages run first in their head (scripts/vite-plugin-camera-first.ts), so the
 * camera is asked for before the page's styles, layout and app code. It hands what it started to
 * the app through camera/early.ts's shared state.
 */
import { startEarlyCamera } from './features/camera/early';
import { EARLY_CAMERA_PAGE } from './features/camera/meta';

if (EARLY_CAMERA_PAGE.test(window.location.pathname)) startEarlyCamera();
