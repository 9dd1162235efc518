import type { Plugin } from 'vite';

const developmentBuild = /([\\/]react-router[\\/]dist[\\/])development([\\/])/;

/**
 * React Router's package exports only its development build, for every condition (its issues
 * 12532 and 14753). That build keeps its warnings switched on (`ENABLE_DEV_WARNINGS = true`), so
 * they and their messages could not be dropped: 92 KB raw of the shell every page loads first.
 * The package ships the same code built for production next to it; a production bundle takes
 * that one. The dev server and the prerenderer (Node) keep the package's own choice.
 */
export function productionRouter(): Plugin {
  return {
    name: 'production-router',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^react-router(\/dom)?$/ },
      async handler(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved || !developmentBuild.test(resolved.id)) return resolved;
        return { ...resolved, id: resolved.id.replace(developmentBuild, '$1production$2') };
      },
    },
  };
}
