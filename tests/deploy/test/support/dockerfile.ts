// Runs a Dockerfile's build steps outside a container, on this machine: each stage gets a folder
// standing for its filesystem, COPY copies into it (from the build context, filtered by
// .dockerignore, or from an earlier stage's folder), RUN runs the command with `sh -c` in the
// stage's WORKDIR with its ENV and ARGs (build arguments given as `docker build --build-arg`
// would). Global tool installs (`npm install --global ...`) are not run:
// the same tools at the same versions are put on PATH instead, and their versions are checked.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, posix } from 'node:path';

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

export interface ParsedDockerfile {
  args: Record<string, string>;
  stages: Stage[];
}

/** Parses instructions (continuations joined, comments dropped) into global ARGs and stages. */
export function parseDockerfile(text: string): ParsedDockerfile {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(pending + line);
    pending = '';
  }
  const parsed: ParsedDockerfile = { args: {}, stages: [] };
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = line.slice(keyword.length).trim();
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [from = '', as, name] = rest;
      parsed.stages.push({
        from,
        name: as?.toUpperCase() === 'AS' && name ? name : String(parsed.stages.length),
        instructions: [],
      });
    } else if (parsed.stages.length === 0) {
      if (upper !== 'ARG') throw new Error(`only ARG may come before FROM: ${line}`);
      const [name = '', value = ''] = args.split('=');
      parsed.args[name] = value;
    } else {
      parsed.stages.at(-1)!.instructions.push({ keyword: upper, args });
    }
  }
  return parsed;
}

/** `KEY=value KEY2=value2` (no quotes or spaces in values: we write ours that way). */
export function parseEnv(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of args.split(/\s+/)) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`ENV must be KEY=value pairs: ${args}`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

/** The .dockerignore patterns as matchers over context-relative paths; refuses what it cannot honour. */
export function dockerignoreMatcher(text: string): (relativePath: string) => boolean {
  const patterns = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const expressions = patterns.map((pattern) => {
    if (pattern.startsWith('!')) throw new Error(`exceptions are not supported here: ${pattern}`);
    const clean = pattern.replace(/^\/+/, '').replace(/\/+$/, '');
    const source = clean
      .split('/')
      .map((part) =>
        part === '**'
          ? '.*'
          : part
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
      )
      .join('/')
      .replace(/\.\*\//g, '(?:.*/)?');
    return new RegExp(`^${source}$`);
  });
  return (relativePath) => expressions.some((expression) => expression.test(relativePath));
}

/** Copies the build context (the checkout minus what .dockerignore excludes) into `target`. */
export function copyBuildContext(contextDir: string, target: string): void {
  const ignored = existsSync(join(contextDir, '.dockerignore'))
    ? dockerignoreMatcher(readFileSync(join(contextDir, '.dockerignore'), 'utf8'))
    : () => false;
  const walk = (relative: string): void => {
    const source = join(contextDir, relative);
    const destination = join(target, relative);
    // Another suite may remove a file of its own meanwhile: what is gone is not in the context.
    const stat = lstatSync(source, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      mkdirSync(destination, { recursive: true });
      for (const entry of readdirSync(source)) {
        const child = relative === '' ? entry : `${relative}/${entry}`;
        if (!ignored(child)) walk(child);
      }
    } else {
      copy(source, destination);
    }
  };
  walk('');
}

function copy(source: string, destination: string): void {
  const result = spawnSync('cp', ['-a', source, destination], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cp -a ${source} ${destination}: ${result.stderr}`);
}

export interface BuildOptions {
  dockerfile: string;
  contextDir: string;
  /** Where the stages' folders go. */
  workDir: string;
  /** Executables standing for the globally installed tools, by name (e.g. pnpm, turbo). */
  tools: Record<string, string>;
  /** Extra environment for RUN (HOME, so pnpm finds its store; a shared turbo cache). */
  runEnv: Record<string, string>;
  /** `--build-arg` values, over the Dockerfile's defaults. */
  buildArgs?: Record<string, string>;
}

export interface BuiltStage {
  name: string;
  /** The image or earlier stage it starts from. */
  from: string;
  rootfs: string;
  workdir: string;
  env: Record<string, string>;
  user: string | null;
  /** ENTRYPOINT (exec form); an image that sets it drops the CMD it inherited, as Docker does. */
  entrypoint: string[] | null;
  cmd: string[] | null;
  healthcheck: { options: string; cmd: string[] } | null;
  exposed: string[];
}

export interface BuildResult {
  stages: BuiltStage[];
  /** `npm install --global` lines that were not run, with the packages they name. */
  toolInstalls: string[][];
  /** RUN lines that were run, in order, their ARGs and ENV substituted. */
  ran: string[];
}

function substitute(value: string, args: Record<string, string>): string {
  return value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a: string, b: string) => args[a ?? b] ?? '');
}

/** Runs every stage of the Dockerfile in order; throws on the first failing step. */
export function buildOutsideContainer(options: BuildOptions): BuildResult {
  const parsed = parseDockerfile(readFileSync(options.dockerfile, 'utf8'));
  const context = join(options.workDir, 'context');
  copyBuildContext(options.contextDir, context);
  const toolsDir = join(options.workDir, 'tools');
  mkdirSync(toolsDir, { recursive: true });
  for (const [name, target] of Object.entries(options.tools)) {
    writeFileSync(join(toolsDir, name), `#!/bin/sh\nexec "${target}" "$@"\n`, { mode: 0o755 });
  }
  const built = new Map<string, BuiltStage>();
  const result: BuildResult = { stages: [], toolInstalls: [], ran: [] };
  const globalArgs = { ...parsed.args, ...options.buildArgs };

  for (const stage of parsed.stages) {
    const image = substitute(stage.from, globalArgs);
    const base = built.get(image);
    const rootfs = join(options.workDir, 'stages', stage.name);
    mkdirSync(rootfs, { recursive: true });
    if (base) copy(`${base.rootfs}/.`, rootfs);
    const current: BuiltStage = {
      name: stage.name,
      from: image,
      rootfs,
      workdir: base?.workdir ?? '/',
      env: { ...(base?.env ?? {}) },
      user: base?.user ?? null,
      entrypoint: base?.entrypoint ?? null,
      cmd: base?.cmd ?? null,
      healthcheck: base?.healthcheck ?? null,
      exposed: [...(base?.exposed ?? [])],
    };
    const inStage = (path: string) => join(rootfs, posix.resolve(current.workdir, path));
    // A stage sees the ARGs it declares (a global one by its name alone), ENV over them.
    const stageArgs: Record<string, string> = {};

    for (const instruction of stage.instructions) {
      const { keyword } = instruction;
      const args =
        keyword === 'RUN' ||
        keyword === 'CMD' ||
        keyword === 'ENTRYPOINT' ||
        keyword === 'HEALTHCHECK'
          ? instruction.args
          : substitute(instruction.args, { ...stageArgs, ...current.env });
      switch (keyword) {
        case 'ARG': {
          const [name = '', value] = args.split('=');
          stageArgs[name] = options.buildArgs?.[name] ?? value ?? parsed.args[name] ?? '';
          break;
        }
        case 'ENV':
          Object.assign(current.env, parseEnv(args));
          break;
        case 'WORKDIR':
          current.workdir = posix.resolve(current.workdir, args);
          mkdirSync(inStage('.'), { recursive: true });
          break;
        case 'COPY': {
          const words = args.split(/\s+/);
          const flags = words.filter((w) => w.startsWith('--'));
          const paths = words.filter((w) => !w.startsWith('--'));
          const destination = paths.pop()!;
          const fromFlag = flags.find((f) => f.startsWith('--from='));
          const sourceRoot = fromFlag ? built.get(fromFlag.slice(7))?.rootfs : context;
          if (!sourceRoot) throw new Error(`COPY ${fromFlag}: no such stage`);
          for (const path of paths) {
            const source = join(sourceRoot, posix.resolve('/', path));
            const target = inStage(destination);
            if (statSync(source).isDirectory()) {
              mkdirSync(target, { recursive: true });
              copy(`${source}/.`, target);
            } else {
              const isDirectory = destination.endsWith('/') || paths.length > 1;
              mkdirSync(isDirectory ? target : join(target, '..'), { recursive: true });
              copy(source, isDirectory ? join(target, basename(source)) : target);
            }
          }
          break;
        }
        case 'RUN': {
          if (/^npm (install|i) (--global|-g) /.test(args)) {
            result.toolInstalls.push(args.split(/\s+/).slice(3));
            break;
          }
          if (/(^|\s)\//.test(args)) throw new Error(`RUN with an absolute path: ${args}`);
          const run = spawnSync('sh', ['-c', args], {
            cwd: inStage('.'),
            env: {
              ...options.runEnv,
              ...stageArgs,
              ...current.env,
              PATH: `${toolsDir}:${process.env.PATH ?? ''}`,
            },
            encoding: 'utf8',
            maxBuffer: 64 * 1024 * 1024,
          });
          if (run.status !== 0) {
            throw new Error(
              `stage ${stage.name}: RUN ${args} exited ${run.status}\n${run.stdout}\n${run.stderr}`,
            );
          }
          result.ran.push(substitute(args, { ...stageArgs, ...current.env }));
          break;
        }
        case 'USER':
          current.user = args;
          break;
        case 'EXPOSE':
          current.exposed.push(...args.split(/\s+/));
          break;
        case 'CMD':
          current.cmd = JSON.parse(args) as string[];
          break;
        case 'ENTRYPOINT':
          current.entrypoint = JSON.parse(args) as string[];
          current.cmd = null;
          break;
        case 'HEALTHCHECK': {
          const at = args.indexOf('CMD ');
          current.healthcheck = {
            options: args.slice(0, at).trim(),
            cmd: JSON.parse(args.slice(at + 4)) as string[],
          };
          break;
        }
        default:
          throw new Error(`instruction not handled outside a container: ${keyword} ${args}`);
      }
    }
    built.set(stage.name, current);
    result.stages.push(current);
  }
  return result;
}
