import type { oas31 } from 'zod-openapi';

/**
 * The API reference page's rows of fields: a schema of the OpenAPI document flattened into one row per
 * field (a nested field's name is its path: `data[].route.origin`), with its type and what it allows in
 * words, and one row opening each shape of a union. Used for bodies, answers and the named schemas.
 */

export interface FieldRow {
  kind: 'field';
  /** The field's path from the top of its schema (`data[].id`); empty for a top-level non-object. */
  name: string;
  depth: number;
  type: string;
  /** Set when the type is a named schema of the document: the anchor of its section. */
  ref?: { name: string; anchor: string };
  required: boolean;
  notes: string[];
  deprecated: boolean;
}

/** Marks the start of one alternative shape of a union (`oneOf`/`anyOf` of objects). */
interface ShapeRow {
  kind: 'shape';
  label: string;
  depth: number;
}

export type SchemaRow = FieldRow | ShapeRow;

export type Schema = oas31.SchemaObject | oas31.ReferenceObject;

// zod writes these bounds on every integer: they say "a safe integer", which goes without saying.
const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const schemaAnchor = (name: string) => `schema-${slug(name)}`;
const refName = (ref: string) => ref.replace(/^#\/components\/schemas\//, '');
const isRef = (schema: Schema): schema is oas31.ReferenceObject => '$ref' in schema;
const literal = (value: unknown) => JSON.stringify(value);

function typeNames(schema: oas31.SchemaObject): string[] {
  if (schema.const !== undefined) return [literal(schema.const)];
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.map((type) => {
    if (type === 'array' && schema.items) return `array of ${typeLabel(schema.items)}`;
    if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      return `map of ${typeLabel(schema.additionalProperties)}`;
    }
    if (type === 'string' && schema.format) return `string (${schema.format})`;
    return type;
  });
}

export function typeLabel(schema: Schema): string {
  if (isRef(schema)) return refName(schema.$ref);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeLabel))].join(' or ');
  return typeNames(schema).join(' or ') || 'any';
}

/** What the schema allows beyond its type, in words. */
function constraints(schema: oas31.SchemaObject): string[] {
  const notes: string[] = [];
  if (schema.enum) notes.push(`One of ${schema.enum.map(literal).join(', ')}.`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined) {
    notes.push(`${schema.minLength} to ${schema.maxLength} characters.`);
  } else if (schema.minLength !== undefined) notes.push(`At least ${schema.minLength} characters.`);
  else if (schema.maxLength !== undefined) notes.push(`At most ${schema.maxLength} characters.`);
  if (schema.minimum !== undefined && schema.minimum > -SAFE_BOUND) notes.push(`At least ${schema.minimum}.`);
  if (typeof schema.exclusiveMinimum === 'number') notes.push(`More than ${schema.exclusiveMinimum}.`);
  if (schema.maximum !== undefined && schema.maximum < SAFE_BOUND) notes.push(`At most ${schema.maximum}.`);
  if (schema.minItems !== undefined) notes.push(`At least ${schema.minItems} items.`);
  if (schema.maxItems !== undefined) notes.push(`At most ${schema.maxItems} items.`);
  // A format already says what a long date or time pattern spells out.
  if (schema.pattern && !schema.format) notes.push(`Matches \`${schema.pattern}\`.`);
  if (schema.default !== undefined) notes.push(`Default ${literal(schema.default)}.`);
  return notes;
}

/** The notes of a field: its description, then its constraints (those of the non-null variant of a nullable). */
export function notesOf(schema: Schema): string[] {
  if (isRef(schema)) return [];
  const inner = nonNull(schema);
  const own = schema.description ? [schema.description] : [];
  if (inner && inner !== schema) return [...own, ...notesOf(inner)];
  return [...own, ...constraints(schema)];
}

/** The one non-null variant of `X or null`, else undefined. */
function nonNull(schema: oas31.SchemaObject): Schema | undefined {
  const variants = schema.anyOf ?? schema.oneOf;
  if (!variants) return undefined;
  const others = variants.filter((variant) => isRef(variant) || variant.type !== 'null');
  return others.length === 1 && others.length < variants.length ? others[0] : undefined;
}

const objectVariants = (variants: Schema[]) =>
  variants.filter((variant) => !isRef(variant) && variant.type === 'object');

/** "when status is "success"" for a union member told apart by a constant field, else its position. */
function shapeLabel(variant: oas31.SchemaObject, index: number, count: number): string {
  const constant = Object.entries(variant.properties ?? {}).find(
    ([, property]) => !isRef(property) && property.const !== undefined,
  );
  if (constant && !isRef(constant[1])) return `When ${constant[0]} is ${literal(constant[1].const)}`;
  return `Shape ${index + 1} of ${count}`;
}

function fieldRow(schema: Schema, name: string, depth: number, required: boolean): FieldRow {
  const row: FieldRow = {
    kind: 'field',
    name,
    depth,
    type: typeLabel(schema),
    required,
    notes: notesOf(schema),
    deprecated: !isRef(schema) && schema.deprecated === true,
  };
  const target = namedSchema(schema);
  return target ? { ...row, ref: { name: target, anchor: schemaAnchor(target) } } : row;
}

/** The named schema a field is, is an array of, or is or null. */
function namedSchema(schema: Schema): string | undefined {
  if (isRef(schema)) return refName(schema.$ref);
  const inner = nonNull(schema) ?? (schema.type === 'array' ? schema.items : undefined);
  return inner ? namedSchema(inner) : undefined;
}

/**
 * The rows under a field: an object's fields, an array's item fields (`items[].x`), each shape of a
 * union of objects. Named schemas are not expanded: their row links to their own section.
 */
function childRows(schema: Schema, prefix: string, depth: number): SchemaRow[] {
  if (isRef(schema)) return [];
  const nullable = nonNull(schema);
  if (nullable) return childRows(nullable, prefix, depth);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    if (!objectVariants(variants).length) return [];
    return variants.flatMap((variant, index): SchemaRow[] => {
      const label = isRef(variant)
        ? `Shape ${index + 1} of ${variants.length}: ${refName(variant.$ref)}`
        : shapeLabel(variant, index, variants.length);
      return [{ kind: 'shape', label, depth }, ...childRows(variant, prefix, depth + 1)];
    });
  }
  if (schema.type === 'array' && schema.items) return childRows(schema.items, `${prefix}[]`, depth);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([field, property]) => {
    const name = prefix ? `${prefix}.${field}` : field;
    return [fieldRow(property, name, depth, required.has(field)), ...childRows(property, name, depth + 1)];
  });
}

/**
 * The rows of a body's schema: one per field, nested fields under theirs (a nested field's name is
 * its path), unions of objects as one block per shape; a body that is not an object is one row
 * without a name.
 */
export function schemaRows(schema: Schema): SchemaRow[] {
  const rows = childRows(schema, '', 0);
  return rows.length ? rows : [fieldRow(schema, '', 0, true)];
}
