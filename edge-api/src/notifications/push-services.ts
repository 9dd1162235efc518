/**
 * Which addresses the server may send a push to: only the browsers' own push services
 * (docs/decisions/0100-push-goes-only-to-push-services.md). A subscription's endpoint is
 * written by the browser, but any signed-in person can send any text as one, and the server
 * then POSTs to it with every notification: without this rule that is a way to make the
 * server call its own network (server-side request forgery, issue 47).
 *
 * The rule is a list of host names, not a look-up of where a name points: a name can answer
 * differently after the check, and a Worker cannot resolve names at all. It is applied when a
 * subscription is saved AND right before each send, so a row saved before the rule, or put in
 * by any other way, is never contacted.
 */

/** Hosts allowed as they are. */
const exactHosts: readonly string[] = [
  // Chrome, Edge before it moved to WNS, Opera, Samsung Internet, Brave: Firebase Cloud Messaging.
  'fcm.googleapis.com',
  // Firefox: Mozilla's autopush (the endpoint host, and the service's own name).
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
];

/**
 * Hosts allowed with any name under them (one or more labels before the dot). Apple asks
 * servers to accept any subdomain of push.apple.com (Safari gives web.push.apple.com today);
 * Edge's WNS endpoints name a data centre, e.g. wns2-par02p.notify.windows.com.
 */
const hostSuffixes: readonly string[] = ['.push.apple.com', '.notify.windows.com'];

/** A DNS name made of letters, digits and hyphens only (an IPv6 literal has brackets and colons, IPv4 is all digits). */
const plainName = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

/** The hosts, as the decision record and the tests read them. */
export const pushServiceHosts = { exact: exactHosts, suffixes: hostSuffixes };

function isPushServiceHost(hostname: string): boolean {
  if (!plainName.test(hostname)) return false;
  if (exactHosts.includes(hostname)) return true;
  return hostSuffixes.some((suffix) => hostname.endsWith(suffix) && hostname.length > suffix.length);
}

/** The local push-service stand-in of the tests: plain http on this machine, with PUSH_ALLOW_LOOPBACK_HTTP only. */
const isLoopbackStandIn = (url: URL) => url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');

export interface EndpointRule {
  /** PUSH_ALLOW_LOOPBACK_HTTP (never in production). */
  allowLoopbackHttp: boolean;
}

/**
 * The address to send to, or null when `endpoint` is not a push service's: https on the
 * default port (443), no user name or password, and a host of the list. The URL returned is
 * the one parsed here, so what is sent to is exactly what was checked.
 */
export function pushServiceUrl(endpoint: string, rule: EndpointRule): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  if (rule.allowLoopbackHttp && isLoopbackStandIn(url)) return url;
  // The URL parser drops the scheme's default port: any port left is another one.
  if (url.protocol !== 'https:' || url.port !== '') return null;
  return isPushServiceHost(url.hostname) ? url : null;
}

export const notAPushServiceMessage = 'This is not the address of a browser push service we can send to';
