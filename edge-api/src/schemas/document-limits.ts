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
  /**
   * Width x height the server takes (docs/decisions/0102): the device sends at most 1600 x 1600
   * (2.56 MP); 4 MP leaves room for a longer side of up to 2000 px later, or a client's photo
   * taken at a 2 or 3 MP setting, and bounds what one document costs the server to decode.
   */
  maxPixels: 4_000_000,
  /** Bytes per PATCH: a dropped link loses at most this much (decision 0078). */
  chunkBytes: 64 * 1024,
} as const;
