/** What every operator tool's entry does: run only when started directly, print errors plainly. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZodError } from 'zod';

/**
 * A tool's own refusal (a plain Error, a zod issue) is said in one line; anything else (a
 * TypeError, an AssertionError inside a library) keeps its stack: worker-smoke's seed once failed
 * with nothing but "false == true", Node's message for a bare assert() whose source it cannot show.
 */
function describeFailure(error: unknown): string {
  if (error instanceof ZodError) return error.issues.map((issue) => issue.message).join('; ');
  if (!(error instanceof Error)) return String(error);
  return error.constructor === Error ? error.message : (error.stack ?? error.message);
}

export function runWhenMain(moduleUrl: string, main: () => Promise<void>): void {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(describeFailure(error));
      process.exit(1);
    },
  );
}
