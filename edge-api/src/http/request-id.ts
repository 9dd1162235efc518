/** Each request's id: in its log line (request-log.ts) and its answer's X-Request-Id. */
export const requestIdHeader = 'x-request-id';

/**
 * A caller's id is kept when it looks like one (a load balancer's, a client's retry); anything
 * else is replaced, so a header cannot smuggle text, or a secret, into the logs.
 */
const acceptableId = /^[A-Za-z0-9._:-]{8,128}$/;

export const requestIdOf = (given: string | undefined): string => (given && acceptableId.test(given) ? given : crypto.randomUUID());
