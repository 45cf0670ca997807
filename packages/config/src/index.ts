export { ConfigError, describeSettings, envSchema, loadConfig } from './config.js';
export type { Config, Env } from './config.js';
