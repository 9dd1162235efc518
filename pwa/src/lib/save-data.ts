/**
 * Whether the device asks to save data: Save-Data (`navigator.connection.saveData`), or a
 * connection where background downloads cost more than they give (2G). Then nothing is fetched
 * ahead: no linked pages (keep-offline.ts), no pictures below the screen
 * (components/use-near-viewport.ts), no next hero slide (features/home/hero.tsx).
 * Its own small module: the first screen's code reads it.
 */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function savingData(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.saveData === true || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}
