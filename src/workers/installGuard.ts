/**
 * Import this first in every entry point (page, worker, service worker): it installs the network
 * guard on that scope before any other module's code runs. See ./networkGuard.ts for why.
 */
import { guardThisScope } from './networkGuard';

guardThisScope();
