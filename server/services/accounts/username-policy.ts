// Usernames that cannot imitate (issue 13): the name is stored as typed after Unicode NFKC (so
// full-width letters and decomposed accents become their ordinary form), characters that show
// nothing or turn text around are refused, and each name has two keys built on its Unicode TR39
// confusables skeleton (one case-sensitive, one case-blind) that look-alike names share.
// The skeleton data is confusables.txt as shipped by the unhomoglyph package; TR39's skeleton
// is NFD, then each character's prototype, then NFD again.
import unhomoglyph from 'unhomoglyph';

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 32;
/** The key's column is a utf8mb4 string, indexable at 191 characters. */
export const NAME_KEY_MAX = 191;

/**
 * Invisible joiners and variation selectors are part of emoji and of some CJK names; allowed only
 * where they join or vary something visible. Everything else invisible is refused: zero-width
 * spaces and joiners (U+200B–U+200D, U+2060, U+FEFF), bidirectional controls (U+200E/U+200F,
 * U+061C, U+202A–U+202E, U+2066–U+2069), other format and control characters (Cf, Cc), fillers
 * that render blank (U+3164, U+115F, U+2800 …), private-use and unassigned code points, and line
 * or paragraph separators.
 */
const EMOJI_ZWJ = /(?<=\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_TAG_FLAG = /\u{1F3F4}[\u{E0020}-\u{E007E}]{1,8}\u{E007F}/gu;
const VARIATION_SELECTOR = /(?<=[^\p{C}\p{Z}\p{M}\p{Default_Ignorable_Code_Point}])[\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/gu;
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|(?! )\p{Zs}/u;

/** The name as it is stored and shown: NFKC, without the spaces around it. */
export function normaliseUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/** True when the (normalised) name holds a character that shows nothing or reorders the text. */
export function hasHiddenCharacters(name: string): boolean {
  const visible = name.replace(EMOJI_TAG_FLAG, '\u{1F3F4}').replace(EMOJI_ZWJ, '').replace(VARIATION_SELECTOR, '');
  return FORBIDDEN.test(visible);
}

/** The errors-namespace key of the first rule a (normalised) username breaks, or undefined. */
export function usernameProblem(name: string, emails: string[] = []): string | undefined {
  if (hasHiddenCharacters(name)) return 'usernameHiddenCharacters';
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX) return 'usernameLength';
  if (name.startsWith('@')) return 'usernameStartsWithAt';
  if (emails.some((e) => e && name.toLowerCase() === e.trim().toLowerCase())) return 'usernameIsEmail';
  return undefined;
}

/** TR39 skeleton: NFD, ignorable code points dropped, each character's prototype, NFD again. */
export function skeleton(s: string): string {
  return unhomoglyph(s.normalize('NFD').replace(/\p{Default_Ignorable_Code_Point}/gu, '')).normalize('NFD');
}

/** The look-alike keys of a username; two names clash when either key is the same. */
export interface UsernameKeys {
  /** The TR39 skeleton: "Аnna" (Cyrillic А) and "Anna", "ΑΝΝΑ" (Greek) and "ANNA", "rn" and "m". */
  skeleton: string;
  /** The same whatever the letter case: "anna" and "Anna", "ΑΝΝΑ" and "Anna", "MARIA" and "mаria". */
  skeletonCi: string;
}

/**
 * A username's look-alike keys. The case-blind key is the skeleton of the lower-cased skeleton, so
 * Greek or Cyrillic capitals meet the Latin ones before their (different) small letters are taken;
 * capitals that look like I (Latin, Greek Ι, Cyrillic І) become a small i first, as the skeleton
 * maps them to a small l and "MARIA" would then miss "Maria". The plain skeleton still tells I
 * from l, as TR39 does. Runs of spaces count as one, as a page shows them.
 */
export function usernameKeys(name: string): UsernameKeys {
  const nfkc = name.normalize('NFKC');
  return {
    skeleton: indexable(skeleton(nfkc)),
    skeletonCi: indexable(skeleton(skeleton(nfkc.replace(/\p{Lu}/gu, (c) => (skeleton(c) === 'l' ? 'i' : c))).toLowerCase())),
  };
}

function indexable(key: string): string {
  return [...key.replace(/\s+/gu, ' ').trim()].slice(0, NAME_KEY_MAX).join('');
}
