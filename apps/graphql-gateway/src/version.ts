import { readFileSync } from 'node:fs';

/** The gateway version, from this app's package.json. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
