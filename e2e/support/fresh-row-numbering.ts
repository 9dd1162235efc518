/**
 * Setup file of the e2e project (vitest.config.ts), run before each test file: the files of a
 * worker share their imported modules (decision 0128), and with them the seed factories' row
 * numbering, which dates the rows a test adds. Each file starts it again, as it did in a module
 * graph of its own: after `public-catalogue`'s 10,000 policies, the posts that `public-blogs` and
 * `manage-blogs-paging` added were dated decades ahead, and their lists came out in another order.
 */
import { restartRowNumbering } from '../../edge-api/src/seed/factories.ts';

restartRowNumbering();
