import { computed } from 'nanostores';
import { importsApi } from '@/lib/api/imports';
import { $router } from '../router';
import { dataOf, query } from './query';

/** The import screen's history of imports, asked again after each chunk sent (as after every write). */
export const $imports = query(
  importsApi.list,
  computed($router, (page) => (page?.route === 'imports' ? {} : null)),
  { fallback: 'Failed to load the imports.', pick: dataOf, live: true },
).$state;
