/**
 * The Link header a prerendered page should come with (decision 0097), read from the page's own
 * HTML: its module script and the modules it preloads, in order. Kept apart from the build's
 * page-scripts.json, so a test sees a header that disagrees with the page.
 */
export function expectedScriptsLink(html: string): string {
  const tags = html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"|<link rel="modulepreload"[^>]*\shref="([^"]+)"/g);
  const scripts = [...new Set([...tags].map((tag) => tag[1] ?? tag[2]))];
  if (scripts.length < 2) throw new Error('the page has no module script and preloads: not a prerendered page');
  return scripts.map((src) => `<${src}>; rel=modulepreload`).join(', ');
}
