/**
 * Brotli copies of the hashed scripts and styles (assets/*.js.br, *.css.br), and of the
 * prerendered pages with their data, the app shell and the service worker (pages/*.html.br,
 * *.json.br, index.html.br, sw.js.br: ~4 KB of a first visit, decision 0087), made once at build
 * time at the best quality, for the Node server to send a browser that accepts br
 * (node/static-pwa.ts: serveStatic's `precompressed`). Per request it gzips; brotli at quality 11
 * takes ~15 % off a first visit's scripts (issue 32) and is too slow to run per request. The
 * Worker platform compresses its assets itself, so the copies are not uploaded (.assetsignore).
 * node:zlib is the build's, not the runtime's: nothing here runs on a server.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

export function brotliFiles(): Plugin {
  let outDir = '';
  return {
    name: 'brotli-files',
    apply: 'build',
    // With vite-plugin-pwa's (also 'post'), listed after it: sw.js is written by then.
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      handler() {
        // A failed build wrote no files: its own error is the one to report.
        if (!existsSync(join(outDir, 'assets'))) return;
        // A build into another folder (e2e/offline-update.test.ts's next version) has no prerendered pages.
        const pages = existsSync(join(outDir, 'pages')) ? readdirSync(join(outDir, 'pages'), { recursive: true, encoding: 'utf8' }) : [];
        const files = [
          ...readdirSync(join(outDir, 'assets')).filter((name) => /\.(js|css)$/.test(name)).map((name) => join(outDir, 'assets', name)),
          ...pages.filter((name) => /\.(html|json)$/.test(name)).map((name) => join(outDir, 'pages', name)),
          ...['index.html', 'sw.js'].map((name) => join(outDir, name)).filter((file) => existsSync(file)),
        ];
        for (const file of files) {
          const source = readFileSync(file);
          if (source.length < 1024) continue;
          const packed = brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          });
          writeFileSync(`${file}.br`, packed);
        }
      },
    },
  };
}
