#!/bin/sh
# The engine image's start (packages/ferretdb/Dockerfile), at each start of the container: first
# what @qpc/ferretdb's startFerretDB does to its PostgreSQL before FerretDB connects (setup.sql,
# written at build time by `qpc-ferretdb setup-sql`; it changes nothing that is already so, and a
# database with another collation is refused unchanged), then FerretDB itself, as this process,
# so that the container's stop signal reaches it.
set -eu
psql --no-psqlrc --quiet --set=ON_ERROR_STOP=1 --dbname="$FERRETDB_POSTGRESQL_URL" --file=setup.sql
exec ./ferretdb
