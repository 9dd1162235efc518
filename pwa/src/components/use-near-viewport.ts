/**
 * Whether an element is on the screen or about to be: a picture below the fold gets its
 * address only then, so a first visit downloads only what the first screen shows (issue 18).
 * `loading="lazy"` alone is not enough: Chromium fetches lazy pictures up to 1,250-2,500 px
 * below the screen, which on a phone is the next three or four cards. Until the element is
 * near (and on the server, when a page is prerendered) `near` is false.
 */
import { useEffect, useState } from 'react';
import { savingData } from '../lib/save-data.ts';

/** How far below (or above) the screen a picture starts loading, so it is there when scrolled to
 * (e2e/public-pictures-first-screen.test.ts uses the same distance). */
export const nearViewportPx = 200;

export function useNearViewport<T extends Element>(watch: boolean) {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(!watch);
  useEffect(() => {
    // Every browser the app supports has IntersectionObserver (the prerenderer never runs effects).
    if (near || !element) return;
    // Saving data: only what is on the screen, nothing ahead of the scroll.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: savingData() ? '0px' : `${nearViewportPx}px 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element]);
  return { ref: setElement, near };
}
