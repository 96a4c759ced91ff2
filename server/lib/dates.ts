// Ages and birth-date bounds, computed in UTC so that every process agrees.

export function ageOn(birthDate: string, now = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

function isoDate(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

/** Birth dates of people aged minAge..maxAge (inclusive) today. */
export function birthBounds(minAge: number | undefined, maxAge: number | undefined, now = new Date()) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  const d = now.getUTCDate();
  return {
    bornBefore: minAge === undefined ? undefined : isoDate(y - minAge, m, d),
    bornAfter: maxAge === undefined ? undefined : isoDate(y - maxAge - 1, m, d + 1),
  };
}
