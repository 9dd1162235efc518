/**
 * The image worker thread's entry when the server runs from its TypeScript sources (the tests,
 * `node --import tsx`): tsx's loader registered inside the thread itself, then the real entry.
 * Node 20 does not apply an `--import tsx` given in a worker's execArgv to the worker's own
 * module, so it cannot be loaded directly. The built server uses dist/image-worker.js instead.
 */
import { register } from 'tsx/esm/api';

register();
const { default: work } = await import('./image-worker.ts');

export default work;
