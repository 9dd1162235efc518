/**
 * Leaving a prerendered page before its app has arrived (issue 32, decision 0092). On a slow
 * network the page's own downloads (the app's scripts, its data, its pictures) hold every
 * connection, and over HTTP/1.1 a browser opens at most six to a host: a link followed then waits
 * for one of them, and shares the bandwidth with them, although they now serve only a page being
 * left. So a plain click on a link to another of the site's pages stops them (`window.stop()`)
 * just before the browser follows it. Inline in the head of every prerendered page; once the app
 * takes over, its router follows links and this stands down.
 */
import { onTakeover } from './early-answer.ts';
import { markFormsSentEarly } from './early-submit.ts';

/** The site's pages are paths without a file extension; the API and files are not pages. */
function isPageAddress(url: URL): boolean {
  const lastSegment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  return url.origin === location.origin && !url.pathname.startsWith('/api/') && !lastSegment.includes('.');
}

/** A click the browser will answer by leaving this page for another of the site's pages. */
function leavesForAnotherPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target !== '' && link.target !== '_self')) return false;
  const to = new URL(link.href);
  return isPageAddress(to) && (to.pathname !== location.pathname || to.search !== location.search);
}

let stopped = false;

// After every other listener (the document is the last stop of a bubbling click): one that
// prevents the click's default keeps the page, and its downloads.
function onClick(event: MouseEvent) {
  if (!leavesForAnotherPage(event)) return;
  stopped = true;
  window.stop();
}

// A page restored from the back-forward cache after its downloads were stopped has no app:
// it is loaded again.
function onPageShow(event: PageTransitionEvent) {
  if (event.persisted && stopped) location.reload();
}

document.addEventListener('click', onClick);
window.addEventListener('pageshow', onPageShow);
onTakeover(() => {
  document.removeEventListener('click', onClick);
  window.removeEventListener('pageshow', onPageShow);
});

// A form sent meanwhile stays on the page, marked, for the app to send once it has arrived.
markFormsSentEarly();
