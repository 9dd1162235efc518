/**
 * The limits on documents (issue 27), apart from their zod schemas (document.ts): the device's
 * outbox checks a person's quota with them on every page, and importing the schemas would make it
 * evaluate zod and every request schema there, one long task on a public page (decision 0093).
 */
export const documentLimits = {
  /**
   * One document as sent: the device makes each picture about 250 KB (at most 1600 px on its
   * long side), so 2 MB leaves room for a dense page while refusing an uncompressed photo.
   */
  maxBytes: 2 * 1024 * 1024,
  /** All the documents one person has sent, over all their applications and decisions. */
  quotaBytes: 25 * 1024 * 1024,
  /** What the device aims for when it prepares a picture. */
  targetBytes: 250 * 1024,
  maxLongSide: 1600,
  /** Bytes per PATCH: a dropped link loses at most this much (decision 0078). */
  chunkBytes: 64 * 1024,
} as const;
