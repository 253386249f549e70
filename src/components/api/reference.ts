import type { oas31 } from 'zod-openapi';
import { notesOf, type Schema, type SchemaRow, schemaAnchor, schemaRows, slug, typeLabel } from './schema-rows';

/**
 * The API reference page's view of the OpenAPI document: operations grouped by tag, each with its
 * access, parameters, request body and answers (their fields as rows: ./schema-rows), and every named
 * schema. Built at build time, so the page is plain HTML: no viewer runs in the browser.
 */

interface Parameter {
  name: string;
  location: string;
  required: boolean;
  type: string;
  notes: string[];
}

interface ResponseView {
  status: string;
  description: string;
  rows: SchemaRow[];
}

interface AccessView {
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
  /** The staff roles allowed (the document's `x-roles`), empty for a public call. */
  roles: string[];
  parameters: Parameter[];
  body: { required: boolean; contentType: string; rows: SchemaRow[] } | null;
  responses: ResponseView[];
}

interface TagView {
  name: string;
  anchor: string;
  description: string;
  operations: OperationView[];
}

interface NamedSchemaView {
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

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

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

/** The roles an operation names in its `x-roles` extension, as the contract declares them. */
function rolesOf(operation: oas31.OperationObject): string[] {
  const roles: unknown = operation['x-roles'];
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
}

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
    roles: rolesOf(operation),
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
