// Plausible values for a contract schema (zod mini), for the API fuzzer: it reads the schema's
// definition (objects, strings with their lengths and formats, numbers with their bounds, enums,
// arrays, records, unions) and builds a fast-check arbitrary of values that mostly pass it, so
// that a request gets past validation and carries its one hostile part into the handler.
// Refinements cannot be read back; fields whose rule is a refinement (days, IBANs, templates)
// get their values from `hints` by field name.
import fc from 'fast-check';

interface Check {
  _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number; value?: number | bigint; inclusive?: boolean; format?: string; pattern?: RegExp } };
}
interface Def {
  type: string;
  checks?: Check[];
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  element?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  getter?: () => Schema;
}
export interface Schema {
  _zod: { def: Def };
}

/** A value source for a field by its name (the last segment of its path). */
export type Hints = (field: string, def: Def) => fc.Arbitrary<unknown> | undefined;

const def = (schema: unknown): Def => (schema as Schema)._zod.def;
const checksOf = (d: Def) => (d.checks ?? []).map((c) => c._zod.def);

const word = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);

function stringArbitrary(d: Def): fc.Arbitrary<string> {
  const checks = checksOf(d);
  const format = d.format ?? checks.find((c) => c.check === 'string_format')?.format;
  if (format === 'uuid' || format === 'guid') return fc.uuid({ version: 4 });
  if (format === 'email') return fc.constantFrom('peter@example.com', 'a.b@firma.sk', 'x@y.cz');
  if (format === 'datetime') return fc.integer({ min: -3600, max: 3600 }).map((s) => new Date(Date.now() + s * 1000).toISOString());
  if (format === 'url') return fc.constantFrom('https://example.com/', 'https://points.example.com/feed.json');
  const pattern = d.pattern ?? checks.find((c) => c.check === 'string_format' && c.format === 'regex')?.pattern;
  if (pattern) return fc.stringMatching(pattern).filter((s) => s.length <= 200);
  const exact = checks.find((c) => c.check === 'length_equals')?.length;
  if (exact !== undefined) return fc.stringMatching(new RegExp(`^[A-Z]{${exact}}$`));
  const min = Math.max(...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum ?? 0), 0);
  const max = Math.min(...checks.filter((c) => c.check === 'max_length').map((c) => c.maximum ?? 40), 40);
  return fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .-]*$/).map((s) => s.slice(0, Math.max(max, 1)).padEnd(Math.max(min, 1), 'x'));
}

function numberArbitrary(d: Def): fc.Arbitrary<number> {
  const checks = checksOf(d);
  let min = -1000;
  let max = 1000;
  for (const c of checks) {
    if (c.check === 'greater_than') min = Number(c.value) + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than') max = Number(c.value) - (c.inclusive ? 0 : 1);
  }
  if (min > max) [min, max] = [max, min];
  max = Math.min(max, min + 10_000);
  const integer = (d.format ?? '').includes('int') || checks.some((c) => c.check === 'number_format');
  const int = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  // Mostly whole numbers: a step refinement (whole centimetres, cents) cannot be read back.
  return integer ? int : fc.oneof({ arbitrary: int, weight: 4 }, { arbitrary: int.map((n) => Math.min(max, Math.max(min, n + 0.5))), weight: 1 });
}

/** Values that mostly satisfy `schema`; `path` names the field (for hints). */
export function validish(schema: unknown, hints: Hints, path: string[] = []): fc.Arbitrary<unknown> {
  const d = def(schema);
  const field = path.at(-1) ?? '';
  const hinted = hints(field, d);
  if (hinted) return hinted;
  switch (d.type) {
    case 'object': {
      const shape = d.shape ?? {};
      const keys = Object.keys(shape);
      const required = keys.filter((k) => !['optional', 'default'].includes(def(shape[k]).type));
      const model = Object.fromEntries(keys.map((k) => [k, validish(shape[k], hints, [...path, k])]));
      return fc.record(model, { requiredKeys: required });
    }
    case 'string':
      return stringArbitrary(d);
    case 'number':
    case 'int':
      return numberArbitrary(d);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1000n });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...(d.values ?? [null]));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validish(d.innerType, hints, path);
    case 'nullable':
      return fc.oneof({ arbitrary: validish(d.innerType, hints, path), weight: 4 }, { arbitrary: fc.constant(null), weight: 1 });
    case 'pipe': {
      const out = def(d.out);
      return ['enum', 'literal'].includes(out.type) ? validish(d.out, hints, path) : validish(d.in, hints, path);
    }
    case 'array': {
      const checks = checksOf(d);
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 3;
      return fc.array(validish(d.element, hints, [...path, field]), { minLength: min, maxLength: Math.max(min, Math.min(max, 3)) });
    }
    case 'record': {
      const key = def(d.keyType);
      const value = validish(d.valueType, hints, [...path, '*']);
      if (key.type === 'enum') {
        const keys = Object.values(key.entries ?? {}).map(String);
        return fc
          .subarray(keys, { maxLength: 3 })
          .chain((chosen) => fc.tuple(...chosen.map(() => value)).map((values) => Object.fromEntries(chosen.map((k, i) => [k, values[i]]))));
      }
      return fc.dictionary(word, value, { maxKeys: 3 });
    }
    case 'union':
      return fc.oneof(...(d.options ?? []).map((o) => validish(o, hints, path)));
    case 'lazy':
      return d.getter ? validish(d.getter(), hints, path) : fc.constant(null);
    default:
      return fc.constant(null);
  }
}

/** The keys of an object schema (through optional, default and pipe wrappers); none for others. */
export function objectKeys(schema: unknown): string[] {
  if (!schema) return [];
  const d = def(schema);
  if (d.type === 'object') return Object.keys(d.shape ?? {});
  if (d.type === 'pipe') return objectKeys(d.in);
  if (d.innerType) return objectKeys(d.innerType);
  return [];
}
