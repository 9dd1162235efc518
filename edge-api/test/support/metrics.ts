/** GET /metrics as a scraper sees it, parsed with a Prometheus text-format parser. */
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { expect } from 'vitest';

export interface Scrape {
  text: string;
  families: MetricFamily[];
}

export async function scrape(url: string, token?: string): Promise<Scrape> {
  const res = await fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  // Throws on any line that is not valid exposition text.
  return { text, families: parsePrometheusTextFormat(text) };
}

/**
 * A counter's or gauge's value, or a histogram's count; 0 when the series does not exist yet.
 * The parser merges a histogram's labelled series into one (it keeps only `le`), so a labelled
 * histogram's series is handed to it alone, with the labels that pick it taken off.
 */
export function valueOf({ text, families }: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  if (!family) return 0;
  if (family.type === 'HISTOGRAM' && Object.keys(labels).length) {
    const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
    const series = text
      .split('\n')
      .filter((line) => line.startsWith('#') ? line.split(' ')[2] === name : line.startsWith(`${name}_`) && pairs.every((pair) => line.includes(pair)))
      .map((line) => pairs.reduce((rest, pair) => rest.replace(new RegExp(`,?${pair.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`), ''), line).replace('{,', '{').replace('{}', ''));
    return Number(parsePrometheusTextFormat(`${series.join('\n')}\n`)[0]?.metrics[0]?.count ?? 0);
  }
  const sample = family.metrics.find((m) => Object.entries(labels).every(([key, value]) => m.labels?.[key] === value));
  return Number(sample?.count ?? sample?.value ?? 0);
}
