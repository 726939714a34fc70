/**
 * Import this first in every worker entry (the `*.worker.ts` files and the service worker): it installs the network
 * guard on that scope before any other module's code runs. See ./networkGuard.ts for why.
 */
import { guardThisScope } from './networkGuard';

guardThisScope();
