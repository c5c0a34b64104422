import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for answers), made lazy:
 * a route's validator and serializer are compiled on its first request instead of at start.
 *
 * Why: compiling the ~230 routes' schemas was 2.3 s of CPU of a 5.3 s start (profiled
 * 2026-11-26), paid by every process that builds the app: each test file builds it once per
 * database, and most of them call a handful of routes. A route's first request pays its own
 * compile once (milliseconds). The options and plugins are Fastify's (`ajv` server option), so
 * what is accepted and refused does not change; tests/unit/lazy-schema-compilers.test.ts
 * compiles every route's schemas, so a broken schema still fails a test, not a user's request.
 */

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/** Compilations not made yet, so a test can make them all (compileEveryPendingSchema). */
const pending = new Set<() => unknown>();

/** Compiles on its first call, once; until then it waits in `pending`. */
function once<T>(compile: () => T): () => T {
  let made: { value: T } | undefined;
  const make = () => {
    if (!made) {
      made = { value: compile() };
      pending.delete(make);
    }
    return made.value;
  };
  pending.add(make);
  return make;
}

/** Every route schema compiled now: a schema Ajv or fast-json-stringify cannot compile throws here. */
export function compileEveryPendingSchema(): number {
  const all = [...pending];
  for (const make of all) make();
  return all.length;
}

/** A validator that compiles on its first call and reports that call's errors as Ajv's own would. */
function lazyValidator(compile: () => Validate): Validate {
  const real = once(compile);
  const validate: Validate = (data: unknown) => {
    const check = real();
    const result = check(data);
    // Fastify reads `errors` off the function it was given, after a `false`.
    validate.errors = check.errors;
    return result;
  };
  return validate;
}

// One per process, as Fastify keeps its default: apps built with the same options (a test file
// builds one per database) share an Ajv instance, and Ajv reuses what it compiled for a schema.
const buildValidator = AjvCompiler();
const buildSerializer = SerializerSelector();

export function lazySchemaCompilers(): { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory } {
  return {
    buildValidator: ((externalSchemas, options) => {
      const compile = buildValidator(externalSchemas, options);
      return (route: Parameters<typeof compile>[0]) => lazyValidator(() => compile(route) as Validate);
    }) as ValidatorFactory,
    buildSerializer: ((externalSchemas, options) => {
      const compile = buildSerializer(externalSchemas, options);
      return (route: Parameters<typeof compile>[0]) => {
        const real = once(() => compile(route) as (data: unknown) => string);
        return (data: unknown) => real()(data);
      };
    }) as SerializerFactory,
  };
}
