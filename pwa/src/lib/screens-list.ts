/**
 * The build's list of the signed-in screens' files (pwa/build/visitor-precache.ts writes it,
 * app/role-screens.ts reads it after sign-in, the worker keeps it once per build: sw-screens.ts).
 */
export const screensListFile = 'signed-in-screens.json';
