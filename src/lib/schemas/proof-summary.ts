import { z } from 'zod';

// A proof of delivery as the public tracking answer tells it (the lookup loads this, so it stays small).

/** What the public lookup says of a proof: when, and the signer's initials only. */
export const publicProofSchema = z.object({
  delivered_at: z.iso.datetime(),
  signed_by: z.string().meta({ description: 'The initials of who signed, e.g. "J. S."' }),
  has_photo: z.boolean(),
});

/** The signer's initials: "Jane Smith" is "J. S.", at most three. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((word) => `${[...word][0]?.toLocaleUpperCase()}.`)
    .join(' ');
}
