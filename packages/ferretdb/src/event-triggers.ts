/** What `ddlEventTrigger` installs: a function run for each object a DDL command made. */
export interface DdlEventTrigger {
  /** The event trigger's name; its function is `public.<name>()`. */
  readonly name: string;
  /** The command tag it fires on, e.g. `CREATE INDEX`. */
  readonly tag: string;
  /** The object type taken from the command's objects, e.g. `index`. */
  readonly objectType: string;
  /** The function (taking the object's oid) run for each of them, e.g. `public.qpc_gin_for_index`. */
  readonly perObject: string;
}

/**
 * The SQL that (re)installs an event trigger at `ddl_command_end` running `perObject(oid)` for
 * every object of `objectType` the command made. It runs in the command's transaction, so what
 * `perObject` does commits or rolls back with it.
 */
export function ddlEventTrigger({ name, tag, objectType, perObject }: DdlEventTrigger): string {
  return `
CREATE OR REPLACE FUNCTION public.${name}() RETURNS event_trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  command record;
BEGIN
  FOR command IN SELECT objid FROM pg_event_trigger_ddl_commands() WHERE object_type = '${objectType}' LOOP
    PERFORM ${perObject}(command.objid);
  END LOOP;
END
$fn$;

DROP EVENT TRIGGER IF EXISTS ${name};
CREATE EVENT TRIGGER ${name} ON ddl_command_end
  WHEN TAG IN ('${tag}')
  EXECUTE FUNCTION public.${name}();
`;
}
