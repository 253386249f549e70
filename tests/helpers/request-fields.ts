import type { z } from 'zod';
import type { Endpoint } from '../../src/lib/api/contract';
import { ENDPOINTS } from '../../src/lib/api/endpoints';

/**
 * The fields of every request schema of the contract, found by walking the schemas themselves (so a
 * new endpoint or field is covered without anyone listing it): each with the input that sets it
 * alone, and what kind of value it takes.
 */

type Part = 'params' | 'query' | 'body';

export interface RequestField {
  resource: string;
  name: string;
  endpoint: Endpoint;
  part: Part;
  /** As a 422 names it: nested paths joined with dots (`events.0.note`). */
  field: string;
  /** What the value reaches first: text, a number, one of a list, true/false, or a file (a form with files). */
  kind: 'string' | 'number' | 'enum' | 'boolean' | 'file';
  /** The schema of the value itself, as its parent object holds it. */
  schema: z.ZodType;
  /** The whole part's input with only this field set (to `value`). */
  input(value: unknown): Record<string, unknown>;
}

type Def = { type: string; [key: string]: any };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/** What a value schema first reads its input as: through wrappers, preprocessing and pipes. */
function kindOf(schema: z.ZodType): RequestField['kind'] | 'container' {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return kindOf(def.innerType);
  // A preprocess is a pipe from a transform: the input is read by what follows it.
  if (def.type === 'pipe') return kindOf(defOf(def.in).type === 'transform' ? def.out : def.in);
  if (def.type === 'object' || def.type === 'array' || def.type === 'union') return 'container';
  if (
    def.type === 'string' ||
    def.type === 'number' ||
    def.type === 'enum' ||
    def.type === 'boolean' ||
    def.type === 'file'
  ) {
    return def.type;
  }
  throw new Error(`request-fields: no rule for a ${def.type} schema yet`);
}

/** The schema that decides the shape of a container: through wrappers, preprocessing and pipes. */
function shapeOf(schema: z.ZodType): Def {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return shapeOf(def.innerType);
  if (def.type === 'pipe') return shapeOf(defOf(def.in).type === 'transform' ? def.out : def.in);
  return def;
}

function walk(
  schema: z.ZodType,
  path: (string | number)[],
  wrap: (value: unknown) => unknown,
  found: Array<Omit<RequestField, 'resource' | 'name' | 'endpoint' | 'part'>>,
): void {
  const kind = kindOf(schema);
  if (kind !== 'container') {
    found.push({
      field: path.join('.'),
      kind,
      schema,
      input: (value) => wrap(value) as Record<string, unknown>,
    });
    return;
  }
  const def = shapeOf(schema);
  if (def.type === 'union') {
    // Each option of a union of objects, its fields sent with the literals that choose it (e.g. `kind`).
    for (const option of def.options as z.ZodType[]) {
      const shape = shapeOf(option).shape as Record<string, z.ZodType>;
      const chosen = Object.fromEntries(
        Object.entries(shape)
          .filter(([, child]) => defOf(child).type === 'literal')
          .map(([key, child]) => [key, defOf(child).values[0]]),
      );
      for (const [key, child] of Object.entries(shape)) {
        if (key in chosen) continue;
        walk(child, [...path, key], (value) => wrap({ ...chosen, [key]: value }), found);
      }
    }
    return;
  }
  if (def.type === 'object') {
    for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      walk(child, [...path, key], (value) => wrap({ [key]: value }), found);
    }
    return;
  }
  walk(def.element, [...path, 0], (value) => wrap([value]), found);
}

/** Every field of every request part (path parameters, query, body) of every endpoint of the contract. */
export function requestFields(): RequestField[] {
  return ENDPOINTS.flatMap(({ resource, name, endpoint }) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = endpoint[part];
      if (!schema) return [];
      const found: Array<Omit<RequestField, 'resource' | 'name' | 'endpoint' | 'part'>> = [];
      walk(schema, [], (value) => value, found);
      return found.map((field) => ({ resource, name, endpoint, part, ...field }));
    }),
  );
}
