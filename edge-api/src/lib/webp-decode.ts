/**
 * WebP pictures decoded in full with libwebp (@jsquash/webp, WebAssembly), on Node and on the
 * Worker, so a cut-off or corrupt WebP is refused like a PNG or JPEG (lib/image-check.ts).
 * The compiled wasm module is given by the entry point (`useWebpDecoder`): Node compiles the
 * file from node_modules, the Worker imports it (wrangler bundles a .wasm import as a compiled
 * module; workerd may not compile wasm from bytes at run time).
 */
import decode, { init } from '@jsquash/webp/decode.js';

let wasmModule: WebAssembly.Module | null = null;

export function useWebpDecoder(module: WebAssembly.Module): void {
  wasmModule = module;
}

/** For Node: compiles a .wasm file's bytes (the project's type libraries declare no WebAssembly global). */
export function compileWasm(bytes: Uint8Array): Promise<WebAssembly.Module> {
  const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;
  return wasm.compile(bytes);
}

/** The decoded size; throws when libwebp cannot decode the whole picture. */
export async function decodeWebp(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const image = await decodeWebpPixels(bytes);
  return { width: image.width, height: image.height };
}

/** The decoded picture, RGBA (for its smaller sizes, lib/picture-sizes.ts). */
export async function decodeWebpPixels(bytes: Uint8Array): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  if (!wasmModule) throw new Error('The WebP decoder was not loaded (useWebpDecoder).');
  // A fresh instance for each picture: a wasm memory only grows, so the instance that decoded a
  // big picture is dropped with its memory instead of holding it for the process's life.
  await init(wasmModule);
  return decode(bytes.slice().buffer);
}
