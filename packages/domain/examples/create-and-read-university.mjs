// A plain script using @qpc/domain outside the apps: connect, prepare (indexes), create a university as an admin,
// read it back through the same services the REST API and the GraphQL gateway use.
// Usage: MONGODB_URI=mongodb://127.0.0.1:27017/catalog node create-and-read-university.mjs "Name" SHORT
import {
  connectDatabase,
  createUniversity,
  disconnectDatabase,
  getUniversityBySlug,
  prepareDatabase,
  upsertUserFromClaims,
  setUserRole,
} from '@qpc/domain';

const [name = 'Example University', shortName = 'EXU'] = process.argv.slice(2);
const uri = process.env.MONGODB_URI;
if (!uri) {
  console.error('set MONGODB_URI');
  process.exit(2);
}

await connectDatabase({ uri });
try {
  await prepareDatabase();
  // Actors are users; a script acts as a named admin, so the role rules still apply.
  await setUserRole({ externalId: 'script_admin', role: 'admin' });
  const { actor } = await upsertUserFromClaims({ externalId: 'script_admin' });
  const created = await createUniversity({ actor, input: { name, shortName } });
  const read = await getUniversityBySlug({ actor: null, slug: created.slug });
  console.log(JSON.stringify(read));
} finally {
  await disconnectDatabase();
}
