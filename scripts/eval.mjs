// `npm run eval`: installs what is missing, builds the packages and the embedded database, then
// runs each part of the quality evaluation in turn (eval/<part>.mjs); `npm run eval -- --only
// drafts` runs one part. Each part prints its figures and writes its report under docs/. Other
// arguments go to the parts (eval/drafts.mjs lists its own). Exits 1 when a measured figure
// misses its target.
import { buildAllWithFerretDB, ensureDependencies } from './lib.mjs';

/** The parts, in the order a full run takes them: each exports `run(args)`. */
const PARTS = {
  drafts: () => import('../eval/drafts.mjs'),
  search: () => import('../eval/search.mjs'),
};

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter(Boolean) : Object.keys(PARTS);
const unknown = only.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  console.error(
    `unknown eval part ${unknown.join(', ')}: the parts are ${Object.keys(PARTS).join(', ')}`,
  );
  process.exit(2);
}
const rest = onlyAt >= 0 ? [...args.slice(0, onlyAt), ...args.slice(onlyAt + 2)] : args;

process.env.TURBO_TELEMETRY_DISABLED = '1';
process.env.DO_NOT_TRACK = '1';
ensureDependencies();
await buildAllWithFerretDB();

let missed = false;
for (const name of only) {
  const part = await PARTS[name]();
  const { isOnTarget } = await part.run(rest);
  missed ||= !isOnTarget;
}
process.exit(missed ? 1 : 0);
