/** wrangler bundles an imported .wasm file as a compiled module (the Worker entry's WebP decoder). */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}

/** The same, for a .wasm file that ships typings of its own (wrangler reads the suffix too). */
declare module '*.wasm?module' {
  const module: WebAssembly.Module;
  export default module;
}
