/** Where uploaded images live: files under DATA_DIR on Node, R2 on Workers. */
export interface StoredImage {
  body: ReadableStream<Uint8Array> | Uint8Array;
  contentType: string;
  size: number;
}

export interface ImageStore {
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(name: string): Promise<StoredImage | null>;
  delete(name: string): Promise<void>;
}
