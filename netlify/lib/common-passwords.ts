/**
 * The common-password list shipped with the project: zxcvbn-ts's list of the ~49,000 passwords most
 * often found in breaches. Loaded on first use only (it takes a moment to unpack), server-side only.
 */
let common: Promise<Set<string>> | undefined;

function load(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())),
  );
  return common;
}

/** Whether a password is on the list, in any letter case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await load()).has(password.normalize('NFKC').toLowerCase());
}

/** How many passwords the list holds. */
export async function commonPasswordCount(): Promise<number> {
  return (await load()).size;
}
