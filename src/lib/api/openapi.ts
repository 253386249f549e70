import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { type Endpoint, errorSchema, errorStatuses } from './contract';
import { ENDPOINTS } from './endpoints';

/** Why each error status is answered, for the people reading the document. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is malformed (not JSON, or a malformed tracking number).',
  401: 'No valid session: sign in first.',
  403: 'A cross-site request, refused.',
  404: 'Nothing found at this address.',
  405: 'Another method is expected; the Allow header lists them.',
  409: 'The request conflicts with the current state.',
  413: 'The body is larger than 64 KB.',
  415: 'The body must be sent as application/json.',
  422: 'The data is invalid: `errors` names each field at fault.',
  429: 'Too many requests: wait for the seconds in the Retry-After header.',
  503: 'The service is temporarily unavailable; try again shortly.',
};

const METHODS = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/** Netlify writes path parameters as `:name`, OpenAPI as `{name}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operation(name: string, endpoint: Endpoint): ZodOpenApiOperationObject {
  const json = (schema: Endpoint['response']) => ({ 'application/json': { schema } });
  return {
    operationId: name,
    summary: endpoint.summary,
    tags: [name.split('.')[0]!],
    ...(endpoint.access === 'session' ? { security: [{ session: [] }] } : { security: [] }),
    ...(endpoint.params || endpoint.query
      ? {
          requestParams: {
            ...(endpoint.params ? { path: endpoint.params } : {}),
            ...(endpoint.query ? { query: endpoint.query } : {}),
          },
        }
      : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: json(endpoint.body) } } : {}),
    responses: {
      [endpoint.status]: {
        description: endpoint.status === 201 ? 'Created.' : 'OK.',
        content: json(endpoint.response),
      },
      ...Object.fromEntries(
        errorStatuses(endpoint).map((status) => [
          status,
          { description: ERROR_MEANINGS[status] ?? 'An error.', content: json(errorSchema(endpoint)) },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document of every call of the API, generated from the contracts. */
export function openApiDocument(serverUrl: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const { resource, name, endpoint } of ENDPOINTS) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [METHODS[endpoint.method]]: operation(`${resource}.${name}`, endpoint) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Northeast Express Cargo API',
      version: '1.0.0',
      description:
        'Public shipment tracking and quote requests, and the staff API of the back office. Staff calls need the session cookie set by `POST /api/admin/login`; their writes also need `Content-Type: application/json` and a same-origin request.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-session',
          description: 'The staff session, set by `POST /api/admin/login` (HttpOnly, Secure, SameSite=Strict).',
        },
      },
    },
    paths,
  });
}
