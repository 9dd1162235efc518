/**
 * Reads a V8 CPU profile (node --cpu-prof) and says where the time went: self time per
 * function and per area (a package, a source file of ours, Node's internals, GC).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileShare {
  name: string;
  /** Share of the busy (non-idle) time, 0..1. */
  share: number;
}

export interface ProfileSummary {
  busyMs: number;
  areas: ProfileShare[];
  functions: ProfileShare[];
}

/** Which part of the code a frame belongs to. */
export function areaOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(program)') return 'V8 / native (program)';
    return functionName || 'native';
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/').slice(0, 2).join('/')}`;
  const ours = /\/((?:edge-api|pwa|bench)\/.+)$/.exec(url);
  if (ours?.[1]) return ours[1];
  return url;
}

function shortUrl(url: string): string {
  const pkg = /node_modules\/(.+)$/.exec(url);
  if (pkg?.[1]) return pkg[1];
  const ours = /\/((?:edge-api|pwa|bench)\/.+)$/.exec(url);
  return ours?.[1] ?? url;
}

/**
 * Microseconds on the profile's clock: V8's monotonic clock, the same one `process.hrtime`
 * reads on Linux, so a window measured in another process lines up with the samples.
 */
export interface ProfileWindow {
  fromMicros: number;
  toMicros: number;
}

export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Self time per function and area; with `window`, only samples taken inside it (e.g. under load, not start-up). */
export function summarizeProfile(profile: CpuProfile, top = 12, window?: ProfileWindow): ProfileSummary {
  // Self time per node: the sampled intervals attributed to it.
  const selfMicros = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  if (samples.length) {
    let at = profile.startTime;
    samples.forEach((id, index) => {
      at += deltas[index] ?? 0;
      if (window && (at < window.fromMicros || at > window.toMicros)) return;
      selfMicros.set(id, (selfMicros.get(id) ?? 0) + (deltas[index + 1] ?? deltas[index] ?? 0));
    });
  } else {
    const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0));
    for (const node of profile.nodes) selfMicros.set(node.id, (node.hitCount ?? 0) * interval);
  }
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const micros = selfMicros.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (!micros || functionName === '(idle)') continue;
    busy += micros;
    const area = areaOf(url, functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
    const name = url ? `${functionName || '(anonymous)'} (${shortUrl(url)}:${lineNumber + 1})` : functionName;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const rank = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, share: busy ? micros / busy : 0 }));
  return { busyMs: busy / 1000, areas: rank(byArea), functions: rank(byFunction) };
}

export function readProfile(file: string, window?: ProfileWindow): ProfileSummary {
  return summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, 12, window);
}
