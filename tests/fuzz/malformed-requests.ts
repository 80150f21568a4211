import fc from 'fast-check';
import { z } from 'zod';
import type { PublicRoute } from './public-routes';

/**
 * Requests for one route, generated from its zod schema (through its JSON Schema): mostly the shape the
 * route expects with malformed leaves (wrong types, NUL, lone surrogates, out-of-range and huge numbers,
 * missing and unknown fields), and whole bodies that are not what any route takes (other JSON, invalid
 * JSON, invalid and overlong UTF-8, deep nesting, other content types), with bad path ids, bad
 * percent-encodings, odd query strings and missing or wrong credentials.
 */
export interface FuzzRequest {
  method: PublicRoute['method'];
  url: string;
  credential: 'good' | 'none' | 'garbage' | 'scopeless';
  contentType: string | null;
  payload: string | Buffer | null;
}

import { KNOWN } from './known-ids';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d\ude00',
  '%00',
  '%ff',
  '\\',
  '"',
  "'; drop table signups; --",
  '../../etc/passwd',
  'ção São Paulo',
  '\u202e\u200b',
  '9'.repeat(400),
  '1e309',
  'NaN',
  'null',
  '00000000-0000-4000-8000-000000000000',
  KNOWN.installation,
  KNOWN.account,
];
const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  9.999e15,
  90.0000001,
  -180.5,
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ maxLength: 2000 }),
);
const nastyNumber = fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.double({ noNaN: true }), fc.integer());
/** A value of any JSON kind: what a field of the wrong type receives. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Values for a JSON Schema node: mostly what it asks for, sometimes anything at all. */
function valueFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: anyJson });
}

function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((o) => shaped(o, depth)));
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), nastyString);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), nastyString);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectFor(schema, depth);
    case 'array':
      return fc.array(depth > 3 ? anyJson : valueFor(schema.items ?? {}, depth + 1), {
        maxLength: Math.min((schema.maxItems ?? 5) + 2, 40),
      });
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number':
      return numberFor(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const record = Object.fromEntries(properties.map(([key, child]) => [key, valueFor(child, depth + 1)]));
  // Mostly with the required fields (so validation goes deeper), sometimes without any.
  const known = fc.oneof(
    { weight: 4, arbitrary: fc.record(record, { requiredKeys: schema.required ?? [] }) },
    { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }) },
  );
  return fc
    .tuple(known, fc.dictionary(nastyString, anyJson, { maxKeys: 2 }))
    .map(([fields, extra]) => ({ ...extra, ...fields }));
}

function stringFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<string>[] = [fc.string({ maxLength: schema.maxLength ?? 60 })];
  if (schema.pattern)
    plausible.push(fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, 80)));
  if (schema.format === 'date-time')
    plausible.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  plausible.push(
    fc.constantFrom(
      KNOWN.installation,
      KNOWN.account,
      KNOWN.store,
      'http://127.0.0.1/',
      'https://8.8.8.8/hook',
    ),
  );
  return fc.oneof(...plausible, nastyString);
}

function numberFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const lo = schema.minimum ?? -1e6;
  const hi = schema.maximum ?? 1e6;
  const inRange =
    schema.type === 'integer'
      ? fc.integer({ min: Math.max(lo, -1e9), max: Math.min(hi, 1e15) })
      : fc.double({ min: lo, max: hi, noNaN: true });
  return fc.oneof(inRange, fc.constantFrom(lo - 1, hi + 1, lo, hi), nastyNumber);
}

/** JSON nested deeper than any request, invalid JSON, invalid and overlong UTF-8, non-object JSON. */
const malformedPayload: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.integer({ min: 20, max: 5000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'undefined',
    '\u0000',
    '[1,2',
    '{"__proto__":{"x":1}}',
    '{"a":1e999}',
  ),
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) => Buffer.concat([Buffer.from('{"a":"'), Buffer.from(bytes), Buffer.from('"}')])),
  fc.constantFrom(
    Buffer.from([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]),
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
    Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  ),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'),
);

const pathId = fc.oneof(
  fc.uuid().map((u) => u),
  fc.constantFrom(
    '%ff',
    '%',
    '%00',
    'abc%00',
    '%C0%AF',
    '%E0%80%AF',
    '%ED%A0%80',
    '..',
    'x'.repeat(300),
    '%20',
    'a%2Fb',
    KNOWN.store,
    KNOWN.installation,
    KNOWN.account,
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s)),
  fc
    .string({ minLength: 1, maxLength: 20, unit: 'binary' })
    .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
);

const queryString = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?eval=false',
    '?eval=False',
    '?eval=%00',
    '?eval=%ff',
    '?dry_run=true',
    '?dry_run=%',
    '?limit=-1',
    '?limit=1e9',
    '?limit=abc',
    '?x=%E0%80%AF',
    '?eval=true&eval=false',
  ),
  fc
    .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 })
    .map((d) => `?${new URLSearchParams(d)}`),
);

const credential = fc.oneof(
  { weight: 12, arbitrary: fc.constant('good' as const) },
  { weight: 1, arbitrary: fc.constantFrom('none' as const, 'garbage' as const, 'scopeless' as const) },
);

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/json; charset=latin1',
      'multipart/form-data',
      'application/x-www-form-urlencoded',
      null,
    ),
  },
);

/** The example with one value replaced, removed or nulled, or with an unknown field added. */
function oneFieldOff(example: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (path.length > 0) paths.push(path);
    if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, [...path, Array.isArray(value) ? Number(k) : k]);
  };
  walk(example, []);
  const edit = fc.oneof(anyJson, fc.constant(undefined), fc.constant(null));
  return fc.tuple(fc.constantFrom(...paths), edit, fc.boolean()).map(([path, value, unknownKey]) => {
    const copy = structuredClone(example) as Record<string | number, unknown>;
    if (unknownKey) return { ...copy, [String(path[0])]: copy[String(path[0])], surprise: value };
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    const last = path[path.length - 1] as string | number;
    if (value === undefined) delete node[last];
    else node[last] = value;
    return copy;
  });
}

export function malformedRequests(route: PublicRoute): fc.Arbitrary<FuzzRequest> {
  const jsonSchema = route.body
    ? (z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : null;
  const example = route.example;
  const body: fc.Arbitrary<string | Buffer | null> = jsonSchema
    ? fc.oneof(
        { weight: 6, arbitrary: shaped(jsonSchema, 0).map((v) => JSON.stringify(v) ?? 'null') },
        ...(example
          ? [
              { weight: 4, arbitrary: oneFieldOff(example).map((v) => JSON.stringify(v)) },
              { weight: 1, arbitrary: fc.constant(JSON.stringify(example)) },
            ]
          : []),
        { weight: 2, arbitrary: malformedPayload },
        { weight: 1, arbitrary: fc.constant(null) },
      )
    : fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: malformedPayload });
  return fc
    .record({ id: pathId, query: queryString, credential, contentType, payload: body })
    .map(({ id, query, credential: c, contentType: type, payload }) => ({
      method: route.method,
      url: route.path.replace(/:[a-z_]+/, id) + query,
      credential: c,
      contentType: payload === null ? (type === 'application/json' ? null : type) : type,
      payload,
    }));
}
