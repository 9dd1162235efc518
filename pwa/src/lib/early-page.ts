/**
 * The home page's hero button before the app has arrived (issue 52, goal 4; decision 0121). On a
 * slow phone (2 s a round trip) the quote page, fetched when the button is tapped, cannot show
 * before two round trips: about 4.5-7 s. So the home page carries the quote page as the build
 * prerendered it (`<template id="early-page">`: its `#root`, its route's styles and script
 * preloads, its title), and a plain tap on a link to that page, before the app takes over, puts
 * it in place of the home page and changes the address to it. The document is then the quote page
 * as prerendered (its `#root` says so), so the app, once it arrives, hydrates it as it would have
 * hydrated the page fetched by the navigation (main.tsx). Until then Back reloads the address.
 * Inline at the end of the home pages' body; the CSP allows it by its hash only.
 */
import { onTakeover } from './early-answer.ts';

const template = document.getElementById('early-page');

/** A plain click on a link to the carried page: the browser would leave for it. */
function opensCarriedPage(event: MouseEvent, path: string): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target !== '' && link.target !== '_self')) return false;
  const to = new URL(link.href);
  return to.origin === location.origin && to.pathname === path && !to.search && !to.hash;
}

if (template instanceof HTMLTemplateElement && template.dataset.path && template.dataset.data) {
  const { path, data, title } = template.dataset as { path: string; data: string; title?: string };
  const root = document.getElementById('root')!;
  let opened = false;

  const open = () => {
    const page = template.content;
    // Its styles and its route's script preloads (the app asks for its code as soon as it arrives).
    for (const element of [...page.querySelectorAll('style, link')]) document.head.append(element);
    const carriedRoot = page.querySelector('#early-page-root');
    root.replaceChildren(...(carriedRoot ? [...carriedRoot.childNodes] : []));
    root.dataset.prerendered = path;
    root.dataset.prerenderedData = data;
    if (title) document.title = title;
    history.pushState(null, '', path);
    window.scrollTo(0, 0);
    // As after a page load, reading starts with the new page, not the replaced button (gone).
    root.querySelector<HTMLElement>('#main')?.focus({ preventScroll: true });
    opened = true;
  };

  // Capturing, before the early leave (lib/early-leave.ts) would stop the page's downloads: the
  // app's scripts on their way are the ones the carried page needs.
  const onClick = (event: MouseEvent) => {
    if (opened || !opensCarriedPage(event, path)) return;
    event.preventDefault();
    open();
  };
  // Back to the home page before the app has arrived: the home page is loaded again.
  const onPopState = () => {
    if (opened) location.reload();
  };
  document.addEventListener('click', onClick, true);
  window.addEventListener('popstate', onPopState);
  onTakeover(() => {
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('popstate', onPopState);
  });
}
