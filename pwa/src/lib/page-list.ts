/**
 * The prerendered public pages' version (pages/pages.json, written by scripts/prerender.ts):
 * precached in their stead (issue 32), so a change to any page changes the precache list and
 * the worker updates, and the worker's cache of pages is named after it (sw-pages.ts).
 */
export const pageListFile = 'pages.json';
export const pageListUrl = `/pages/${pageListFile}`;

export interface PageList {
  /** Changes whenever any page's HTML or data does. */
  version: string;
  /** How many pages the build prerendered. */
  pages: number;
}
