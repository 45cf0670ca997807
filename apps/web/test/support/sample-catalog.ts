// Vitest global setup of the browser tests, after the database's: loads the sample catalog once
// per run, through the services, into its own database. Each stack starts from a copy of it
// (copySampleCatalog), so the test files see the same catalog without seeding it each time.
import type {} from '@qpc/ferretdb/vitest-global-setup';
import { connectDatabase, disconnectDatabase, prepareDatabase } from '@qpc/domain';
import { seedSampleCatalog } from '@qpc/domain/seed';
import { mongoose } from '@qpc/domain/testing';
import type { ProvidedContext } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database holding this run's sample catalog, loaded once; stacks copy it. */
    sampleDatabase: string;
  }
}

interface SetupContext {
  getProvidedContext(): ProvidedContext;
  provide(key: 'sampleDatabase', value: string): void;
}

const SAMPLE_DATABASE = 'web_sample';

export default async function setup(project: SetupContext): Promise<void> {
  await connectDatabase({ uri: `${project.getProvidedContext().mongoUri}${SAMPLE_DATABASE}` });
  try {
    await prepareDatabase();
    await seedSampleCatalog();
  } finally {
    await disconnectDatabase();
  }
  project.provide('sampleDatabase', SAMPLE_DATABASE);
}

/**
 * Copies every document of the sample catalog's database into the connected one (empty), with
 * their ids, dates and files unchanged; its bookkeeping too, so preparing it afterwards finds
 * nothing left to backfill.
 */
export async function copySampleCatalog(sampleDatabase: string): Promise<void> {
  const target = mongoose.connection.db;
  if (!target) throw new Error('Connect to the database first');
  const source = mongoose.connection.getClient().db(sampleDatabase);
  const collections = await source.listCollections({}, { nameOnly: true }).toArray();
  await Promise.all(
    collections
      .filter(({ name }) => !name.startsWith('system.'))
      .map(async ({ name }) => {
        const documents = await source.collection(name).find().toArray();
        if (documents.length > 0) await target.collection(name).insertMany(documents);
      }),
  );
}
