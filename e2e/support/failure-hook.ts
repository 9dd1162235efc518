/**
 * Setup file of the e2e project (vitest.config.ts): after a browser test fails, while its pages
 * are still open (its own close at the end was never reached), keep screenshots and traces.
 */
import { afterEach } from 'vitest';
import { enableFailureArtifacts, saveFailureArtifacts } from './failure-artifacts.ts';

enableFailureArtifacts();

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  // fullName starts with the file's name, which names the parent folder already.
  const prefix = `${task.file.name} > `;
  const name = task.fullName.startsWith(prefix) ? task.fullName.slice(prefix.length) : task.fullName;
  const saved = await saveFailureArtifacts(task.file.filepath, name);
  if (saved) console.log(`Screenshots and trace of the failed test: ${saved} (npx playwright-core show-trace <trace.zip>)`);
  // A test that passes on its second attempt prints no error of the first; this is where it is seen.
  for (const error of task.result.errors ?? []) console.log(`The failed attempt's error: ${error.message}`);
}, 60_000);
