// Usernames are unique per site up to look-alikes (username-policy.ts): tests that sign up many
// members give each its own name. Digits only after the base, so no two suffixes look alike.
let counter = 0;

export function uniqueName(base: string): string {
  return `${base} ${Date.now() % 1_000_000}${counter++}`;
}
