/**
 * Operator hooks that write JSON lines through console.log: the Worker's (Workers Logs index each
 * line's fields) and the default of an app built without a runtime's own (tests building routes).
 * Node uses pino instead (node/ops-node.ts).
 */
import { logLevels, type LogLevel, type OpsHooks, type OpsSettings } from './ops.ts';

const rank = (level: LogLevel) => logLevels.indexOf(level);

export function consoleOps(settings: Pick<OpsSettings, 'token' | 'logLevel'>, write: (line: string) => void = console.log): OpsHooks {
  const enabled = (level: LogLevel) => settings.logLevel !== 'silent' && rank(level) >= rank(settings.logLevel);
  const line = (level: LogLevel, fields: Record<string, unknown>) => {
    if (enabled(level)) write(JSON.stringify({ level, time: new Date().toISOString(), ...fields }));
  };
  return {
    token: settings.token,
    readiness: {},
    request(fields, error) {
      if (error) line('error', { ...fields, err: error, msg: 'request failed' });
      else line('info', { ...fields, msg: 'request' });
    },
    count(event, labels = {}) {
      // Counted where they are summed: a query over these lines (or Analytics Engine, worker/ops-worker.ts).
      line('info', { metric: event, ...labels, value: 1 });
    },
  };
}
