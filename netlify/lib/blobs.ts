import { getStore, type Store } from '@netlify/blobs';

/**
 * The one place that opens blob stores. Netlify (and `netlify dev`/`serve`, from a local sandbox) gives a
 * function its blobs context per request, so a store is opened inside the request, never at module load.
 * Strong consistency: a proof's image is read back right after it is written, maybe by another instance.
 */

/** Signatures and photos of proofs of delivery, under unguessable keys. */
export const proofImages = (): Store => getStore({ name: 'proof-images', consistency: 'strong' });
