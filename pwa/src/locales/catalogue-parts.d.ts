/** A part of a catalogue (pwa/build/catalogue-parts.ts), compiled by pwa/build/compiled-catalogues.ts. */
declare module 'virtual:catalogue/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
