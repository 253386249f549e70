import type { oas31 } from 'zod-openapi';

/**
 * The API reference page's view of the OpenAPI document: operations grouped by tag, each with its
 * access, parameters, request body and answers, and every schema flattened into rows of fields (a
 * nested field's name is its path: `data[].route.origin`). Built at build time, so the page is
 * plain HTML: no viewer runs in the browser.
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
export interface ShapeRow {
  kind: 'shape';
  label: string;
  depth: number;
}

export type SchemaRow = FieldRow | ShapeRow;

export interface Parameter {
  name: string;
  location: string;
  required: boolean;
  type: string;
  notes: string[];
}

export interface ResponseView {
  status: string;
  description: string;
  rows: SchemaRow[];
}

export interface AccessView {
  label: string;
  detail: string;
}

export interface OperationView {
  id: string;
  anchor: string;
  method: string;
  path: string;
  summary: string;
  deprecated: boolean;
  /** Empty when anyone may call. Several entries: any one of them is enough. */
  access: AccessView[];
  parameters: Parameter[];
  body: { required: boolean; contentType: string; rows: SchemaRow[] } | null;
  responses: ResponseView[];
}

export interface TagView {
  name: string;
  anchor: string;
  description: string;
  operations: OperationView[];
}

export interface NamedSchemaView {
  name: string;
  anchor: string;
  rows: SchemaRow[];
}

export interface ApiReference {
  title: string;
  version: string;
  description: string;
  tags: TagView[];
  schemas: NamedSchemaView[];
  security: Array<{ name: string; label: string; description: string }>;
}

type Schema = oas31.SchemaObject | oas31.ReferenceObject;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
// zod writes these bounds on every integer: they say "a safe integer", which goes without saying.
const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const schemaAnchor = (name: string) => `schema-${slug(name)}`;
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

function typeLabel(schema: Schema): string {
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
function notesOf(schema: Schema): string[] {
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

function resolveParameter(
  parameter: oas31.ParameterObject | oas31.ReferenceObject,
  document: oas31.OpenAPIObject,
): oas31.ParameterObject {
  if (!('$ref' in parameter)) return parameter;
  const name = parameter.$ref.replace(/^#\/components\/parameters\//, '');
  const found = document.components?.parameters?.[name];
  if (!found || '$ref' in found) throw new Error(`Unresolved parameter ${parameter.$ref}`);
  return found;
}

const SECURITY_LABELS: Record<string, string> = {
  session: 'Staff session',
  deviceKey: 'Device API key',
};

function securityLabel(name: string, scheme: oas31.SecuritySchemeObject | oas31.ReferenceObject | undefined): string {
  const label = SECURITY_LABELS[name] ?? name;
  if (!scheme || '$ref' in scheme) return label;
  if (scheme.type === 'apiKey') return `${label} (${scheme.in} ${scheme.name})`;
  if (scheme.type === 'http') return `${label} (${scheme.scheme === 'bearer' ? 'Bearer token' : scheme.scheme})`;
  return label;
}

function jsonContent(content: oas31.ContentObject | undefined): { contentType: string; schema: Schema } | null {
  const entry = Object.entries(content ?? {})[0];
  if (!entry?.[1].schema) return null;
  return { contentType: entry[0], schema: entry[1].schema };
}

function operationView(
  method: string,
  path: string,
  operation: oas31.OperationObject,
  document: oas31.OpenAPIObject,
): OperationView {
  const schemes = document.components?.securitySchemes ?? {};
  const id = operation.operationId ?? `${method} ${path}`;
  const requestBody = operation.requestBody && !('$ref' in operation.requestBody) ? operation.requestBody : undefined;
  const body = jsonContent(requestBody?.content);
  return {
    id,
    anchor: `op-${slug(id)}`,
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? '',
    deprecated: operation.deprecated === true,
    access: (operation.security ?? document.security ?? []).flatMap((requirement) =>
      Object.keys(requirement).map((name) => ({
        label: securityLabel(name, schemes[name]),
        detail: (schemes[name] && !('$ref' in schemes[name]) ? schemes[name].description : undefined) ?? '',
      })),
    ),
    parameters: (operation.parameters ?? []).map((reference) => {
      const parameter = resolveParameter(reference, document);
      const schema = parameter.schema ?? {};
      return {
        name: parameter.name,
        location: parameter.in,
        required: parameter.required === true,
        type: typeLabel(schema),
        notes: [...(parameter.description ? [parameter.description] : []), ...notesOf(schema)],
      };
    }),
    body: body
      ? { required: requestBody?.required === true, contentType: body.contentType, rows: schemaRows(body.schema) }
      : null,
    responses: Object.entries(operation.responses ?? {}).map(([status, response]: [string, oas31.ResponseObject]) => {
      const content = jsonContent(response.content);
      return { status, description: response.description, rows: content ? schemaRows(content.schema) : [] };
    }),
  };
}

/** The whole reference: every operation of `document`, by tag in the document's tag order. */
export function apiReference(document: oas31.OpenAPIObject): ApiReference {
  const operations: Array<{ tag: string; view: OperationView }> = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation)
        operations.push({
          tag: operation.tags?.[0] ?? 'Other',
          view: operationView(method, path, operation, document),
        });
    }
  }
  const declared = (document.tags ?? []).map((tag) => ({ name: tag.name, description: tag.description ?? '' }));
  const undeclared = [...new Set(operations.map(({ tag }) => tag))]
    .filter((tag) => !declared.some(({ name }) => name === tag))
    .map((name) => ({ name, description: '' }));
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description ?? '',
    tags: [...declared, ...undeclared]
      .map(({ name, description }) => ({
        name,
        description,
        anchor: `tag-${slug(name)}`,
        operations: operations.filter(({ tag }) => tag === name).map(({ view }) => view),
      }))
      .filter((tag) => tag.operations.length > 0),
    schemas: Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      anchor: schemaAnchor(name),
      rows: schemaRows(schema),
    })),
    security: Object.entries(document.components?.securitySchemes ?? {}).map(([name, scheme]) => ({
      name,
      label: securityLabel(name, scheme),
      description: '$ref' in scheme ? '' : (scheme.description ?? ''),
    })),
  };
}
