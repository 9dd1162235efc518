/** wrangler bundles an imported .wasm file as a compiled module (the Worker entry's WebP decoder). */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
