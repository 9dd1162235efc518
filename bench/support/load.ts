/** One autocannon run, reduced to the figures the report uses. */
import autocannon from 'autocannon';

export interface LoadSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Varies each request (a unique Idempotency-Key, another id, ...). */
  vary?: () => { path?: string; headers?: Record<string, string>; body?: string };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

export const connections = 10;

export async function runLoad(baseUrl: string, spec: LoadSpec, seconds: number, clients = connections): Promise<LoadResult> {
  const vary = spec.vary;
  const result = await autocannon({
    url: baseUrl,
    connections: clients,
    duration: seconds,
    requests: [
      {
        method: spec.method,
        path: spec.path,
        headers: spec.headers,
        body: spec.body,
        ...(vary
          ? {
              setupRequest: (request: autocannon.Request) => {
                const change = vary();
                return {
                  ...request,
                  ...(change.path ? { path: change.path } : {}),
                  ...(change.body !== undefined ? { body: change.body } : {}),
                  headers: { ...request.headers, ...change.headers },
                };
              },
            }
          : {}),
      },
    ],
  });
  // Every answer must be the success the benchmark asked for: a run of refusals (401s, 429s)
  // or failures would measure the wrong path, so it fails the benchmark instead of being reported.
  if (result.non2xx || result.errors) {
    throw new Error(
      `${spec.method} ${spec.path} against ${baseUrl}: ${result.non2xx} non-2xx answers and ${result.errors} connection errors ` +
        `out of ${result.requests.total} requests`,
    );
  }
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The same run as an `autocannon` command line, for the report. */
export function commandLine(target: string, spec: LoadSpec, seconds: number): string {
  const headers = Object.entries(spec.headers ?? {}).map(([name, value]) =>
    `-H '${name}: ${/authorization/i.test(name) ? 'Bearer <token>' : value}'`,
  );
  const body = spec.body ? [`-m ${spec.method}`, `-b '<application JSON>'`] : [];
  const varied = spec.vary ? ' (each request varied: see bench/api.ts)' : '';
  return [`npx autocannon -c ${connections} -d ${seconds}`, ...headers, ...body, `${target}${spec.path}`].join(' ') + varied;
}
