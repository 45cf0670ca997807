// The GraphQL run's counterpart of schemathesis-config.ts. A GraphQL schema has no place for a
// fixed argument value, so the references are pinned by hooks (schemathesis_graphql_hooks.py),
// which also generate the custom scalars from the gateway's own rules; this file writes what the
// hooks read and the run's settings.
import { fileURLToPath } from 'node:url';
import { REFERENCES } from './schemathesis-config.js';
import type { Fixtures } from './schemathesis-config.js';

/** The hooks module, as Schemathesis loads it: its folder on PYTHONPATH, its name in SCHEMATHESIS_HOOKS. */
export const GRAPHQL_HOOKS = {
  pythonPath: fileURLToPath(new URL('.', import.meta.url)),
  module: 'schemathesis_graphql_hooks',
};

/** The hooks' input (QPC_GRAPHQL_FUZZ): the scalar rules and the id of each reference. */
export function graphqlFuzzSettings(scalars: Record<string, unknown>, fixtures: Fixtures): string {
  const references = Object.fromEntries(REFERENCES.map((field) => [field, fixtures[field]]));
  return JSON.stringify({ scalars, fixtures: references }, null, 2);
}

/** schemathesis.toml of the GraphQL run: the fuzzing phase only, and the one exception. */
export function schemathesisGraphqlConfig(): string {
  return [
    '# Written by schemathesis-graphql.test.ts for one run. The hooks pin every reference to an',
    '# existing resource, so an operation the schema allows must be executed.',
    '',
    '# Built-in String arguments (an answer, a paper slug) hold no NUL: the domain refuses it, as',
    "# PostgreSQL's jsonb (the embedded engine's storage) cannot hold it.",
    'generation.allow-x00 = false',
    '',
    '# The fuzzing phase only. GraphQL has no examples and no coverage phase in Schemathesis. The',
    '# stateful phase replaces one reference of an input with the id a previous response returned',
    '# (a new module as moduleId) and keeps the pinned others, so the references no longer agree',
    '# (a topic of another module): a refusal that judges the link, not the API.',
    'phases.examples.enabled = false',
    'phases.coverage.enabled = false',
    'phases.stateful.enabled = false',
    '# The resource pool does the same in the fuzzing phase: it puts ids from earlier responses',
    '# into arguments after the hooks ran, over the pinned references.',
    'phases.fuzzing.extra-data-sources.responses = false',
    '',
    '# A question update is checked against the stored question: MCQ needs options whatever the',
    "# input says, and a module or topic must belong to that question's paper. The input alone",
    '# cannot be valid or invalid, so its refusal is not judged (as PATCH /questions/{id} in REST).',
    '[[operations]]',
    'include-name = "Mutation.updateQuestion"',
    'checks.positive_data_acceptance.enabled = false',
    '',
  ].join('\n');
}
