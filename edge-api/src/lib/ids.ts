/** Server-made ids: random, unguessable, URL-safe. */
export const newId = () => crypto.randomUUID();
