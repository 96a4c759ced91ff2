// Which landing page a path is (types/landers.ts names them): /landers/{name}, /landers/{name}/{slug},
// /members/{id}/landing, /members/{id}/landing2|landing3/{slug}, and /members/{id}/signup. Only
// the shape is recognised here; whether the page exists is the route's answer (a 404 counts nothing).
import { FIXED_LANDERS, VARIANT_LANDERS } from '../../../types/landers.js';
import { MEMBER_SIGNUP_LANDING, cleanVariant, type Landing } from './tracking-record.js';

const FIXED = new Set<string>(FIXED_LANDERS);
const VARIANT = new Set<string>(VARIANT_LANDERS);
/** Member landings that take a variant, and those that take none. */
const MEMBER_WITH_VARIANT = new Set(['landing2', 'landing3']);
const MEMBER_PLAIN = new Set(['landing', MEMBER_SIGNUP_LANDING]);

const LANDER_PATH = /^\/landers\/([^/]+)(?:\/([^/]+))?\/?$/i;
const MEMBER_PATH = /^\/members\/[1-9][0-9]{0,9}\/([^/]+)(?:\/([^/]+))?\/?$/i;

/** The landing a GET path asks for, or null when the path is no landing page. */
export function landingOfPath(path: string): Landing | null {
  if (path.length > 300) return null;
  const lander = LANDER_PATH.exec(path);
  if (lander) {
    const name = lander[1]!.toLowerCase();
    if (FIXED.has(name)) return lander[2] === undefined ? { name, variant: null } : null;
    // An unknown slug shows the lander's default: counted as the slug asked for unless the route
    // says which variant it showed (res.locals.landerVariant, see middleware/traffic.ts).
    return VARIANT.has(name) ? { name, variant: lander[2] === undefined ? null : cleanVariant(lander[2]) } : null;
  }
  const member = MEMBER_PATH.exec(path);
  if (member) {
    const name = member[1]!.toLowerCase();
    if (MEMBER_PLAIN.has(name)) return member[2] === undefined ? { name, variant: null } : null;
    if (MEMBER_WITH_VARIANT.has(name)) return { name, variant: member[2] === undefined ? null : cleanVariant(member[2]) };
  }
  return null;
}

/** How `amora stats landers` names a landing: its path, with `*` for the member. */
export function landingLabel(name: string | null, variant: string | null): string {
  if (!name) return '(no lander)';
  const suffix = variant ? `/${variant}` : '';
  if (FIXED.has(name) || VARIANT.has(name)) return `/landers/${name}${suffix}`;
  return `/members/*/${name}${suffix}`;
}
