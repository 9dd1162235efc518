/** The prerendered pages' inline scripts for scripts/prerender.ts: built, and placed in a page with their CSP hashes. */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { build } from 'vite';

/**
 * A page's inline script (a page's early answer, decision 0091; the early leave, 0092), built from the app's own modules
 * into one self-contained, minified script. The CSP allows it by its hash only.
 */
export async function buildInlineScript(pwaDir: string, entry: string): Promise<string> {
  const built = await build({
    configFile: false,
    root: pwaDir,
    logLevel: 'warn',
    build: {
      write: false,
      copyPublicDir: false,
      minify: true,
      target: 'es2020',
      lib: { entry: join(pwaDir, entry), formats: ['iife'], name: 'earlyAnswer' },
    },
  });
  const [output] = Array.isArray(built) ? built : [built];
  if (!output || !('output' in output)) throw new Error(`${entry}: the build gave no output`);
  const code = output.output[0].code.trim();
  if (/<\/script/i.test(code)) throw new Error(`${entry}: an inline script must not contain </script`);
  return code;
}

/** A CSP source for an inline script or style: its SHA-256, as `sha256-<base64>`. */
export const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * A page's early answer (decision 0091): what it answers with, inert after #root, and the
 * script that answers, inline at the end of the body (it runs as soon as the page is parsed,
 * seconds before the app on a slow phone). The CSP allows it by its hash only.
 */
export function withEarlyAnswer(html: string, early: { template: string; script: string } | null, hashes: Set<string>) {
  if (!early) return html;
  return html.replace('</body>', `  ${early.template}\n    ${inlineScriptTag(early.script, hashes)}\n  </body>`);
}

/** A page's inline script, its hash kept for the CSP (which allows inline script only by hash). */
export function inlineScriptTag(script: string, hashes: Set<string>) {
  hashes.add(sha256(script));
  return `<script>${script}</script>`;
}

/**
 * Every prerendered page's script that, until the app takes over, stops the page's downloads when
 * a person follows a link to another page (decision 0092). In the head: it listens before anything
 * can be tapped. The CSP allows it by its hash only.
 */
export function withEarlyLeave(html: string, script: string, hashes: Set<string>) {
  return html.replace('</head>', `  ${inlineScriptTag(script, hashes)}\n  </head>`);
}
