// Formatting helpers of the report, and how to find a configuration's figures.

export const MiB = 2 ** 20;

const finite = (v) => v !== null && v !== undefined && Number.isFinite(v);

export const fmt = (v, digits = 0) => (finite(v) ? v.toFixed(digits) : '–');
export const ms = (v) =>
  finite(v) ? (v < 10 ? v.toFixed(2) : v < 1000 ? v.toFixed(1) : v.toFixed(0)) : '–';
export const pct = (v, digits = 1) => (finite(v) ? `${(v * 100).toFixed(digits)}%` : '–');
export const rps = (v) => (finite(v) ? (v < 100 ? v.toFixed(1) : v.toFixed(0)) : '–');
export const ratio = (a, b) => (finite(a) && finite(b) && b !== 0 ? a / b : null);

export function mdTable(headers, rows, align) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(headers),
    line(headers.map((_, i) => (align?.[i] === 'l' ? ':--' : '--:'))),
    ...rows.map(line),
  ].join('\n');
}

const ENGINE_NAMES = { postgresql: 'PostgreSQL', sqlite: 'SQLite', external: 'MONGODB_URI' };
export const engineName = (engine) => ENGINE_NAMES[engine] ?? engine;
export const configLabel = (c) => `${engineName(c.engine)} s${c.scale}`;

/** Service time of a request: CPU in the serving process plus CPU in the database processes. */
export function serviceMs(m) {
  if (!m || !finite(m.cpuPerRequestMs)) return null;
  return m.cpuPerRequestMs + (m.dbCpuPerRequestMs ?? 0);
}

export const appOf = (name) => (name.startsWith('graphql.') ? 'gateway' : 'rest');

/** The configurations that ran (not failed). */
export const ranConfigurations = (results) => results.configurations.filter((c) => !c.failed);

/**
 * The configuration the targets are judged on: the embedded default (PostgreSQL) at scale 1,
 * else the first one that ran.
 */
export function targetConfiguration(results) {
  const ran = ranConfigurations(results);
  return (
    ran.find((c) => c.engine === 'postgresql' && c.scale === 1) ??
    ran.find((c) => c.primary) ??
    ran[0] ??
    null
  );
}

/** The same engine at its largest other scale (for the growth targets). */
export function largerScaleOf(results, config) {
  if (!config) return null;
  return (
    ranConfigurations(results)
      .filter((c) => c.engine === config.engine && c.scale > config.scale)
      .sort((a, b) => b.scale - a.scale)[0] ?? null
  );
}

/** The app's one-connection figures of a scenario in a configuration, or null. */
export function appLatency(config, name) {
  return config?.latency?.[name]?.[appOf(name)] ?? null;
}

/** Why a scenario has no figure in a configuration. */
export function absenceOf(config, name) {
  if (!config) return 'not run';
  if (config.failed) return `configuration failed: ${config.failed}`;
  if (config.exclusions?.[name]) return `left out: ${config.exclusions[name]}`;
  if (config.excluded?.includes(name))
    return 'left out (targets only on this engine at this scale)';
  const c = config.capture?.[name];
  if (!c) return 'not run';
  if (c.problem) return c.problem;
  return null;
}
