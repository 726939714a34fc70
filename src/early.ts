/**
 * The booth's camera first: a second, tiny entry the built page loads `async` ahead of the app
 * (vite.config.ts injects it), so the camera is asked for while the app's code is still on its way.
 * Only on the booth's own path (with or without a language prefix, any case).
 */
import { startEarlyCamera } from './features/camera/early';

if (/^\/(?:[a-z]{2}\/)?photobooth\/?$/i.test(window.location.pathname)) startEarlyCamera();
