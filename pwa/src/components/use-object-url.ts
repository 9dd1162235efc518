/**
 * An address for a Blob held in memory (a picture from IndexedDB), released when no longer
 * shown. The release waits a moment and is called off if the same address is used again
 * (React's development mode unmounts and remounts each component once).
 */
import { useEffect, useMemo } from 'react';

const releases = new Map<string, ReturnType<typeof setTimeout>>();

export function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => {
    if (!url) return;
    clearTimeout(releases.get(url));
    releases.delete(url);
    return () => {
      releases.set(
        url,
        setTimeout(() => {
          releases.delete(url);
          URL.revokeObjectURL(url);
        }, 1000),
      );
    };
  }, [url]);
  return url;
}
