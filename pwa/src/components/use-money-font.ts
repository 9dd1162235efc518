/**
 * Preloads the taka sign's webfont (pwa/build/taka-font.ts) on a screen that shows money, so
 * the sign is drawn with the first paint of the figures instead of swapping in after. Other
 * screens never fetch it (the @font-face in styles.css has a unicode-range), nor do Bangla pages,
 * whose Bengali font has the sign (styles.css, decision 0087).
 */
import { useEffect } from 'react';
import takaFontUrl from '../../.generated/taka.woff2?url';

export function useMoneyFont(): void {
  useEffect(() => {
    if (document.documentElement.lang === 'bn') return;
    if (document.head.querySelector(`link[rel="preload"][href="${takaFontUrl}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'font';
    link.type = 'font/woff2';
    link.href = takaFontUrl;
    // Fonts are fetched in CORS mode; the preload must match or it is fetched twice.
    link.crossOrigin = 'anonymous';
    document.head.append(link);
  }, []);
}
