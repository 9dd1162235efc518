/** The prerendered pages' inline scripts, built by scripts/prerender.ts. */
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
