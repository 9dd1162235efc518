import type { AppDeps } from '../env.ts';

/** Placeholder until the demo content lands: seeds nothing. */
export async function seedDemo(_deps: AppDeps, _options: { password: string }): Promise<boolean> {
  return false;
}
