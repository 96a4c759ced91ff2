// The start of a profile's about text, for a card or a landing's quote.

const TEASER_CHARS = 140;

/** At most `max` characters, whitespace folded, cut at a word with "…"; null for no text. */
export function teaserOf(about: string | null | undefined, max = TEASER_CHARS): string | null {
  const text = (about ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A word longer than half the teaser is cut where it stands.
  const end = lastSpace > max / 2 ? lastSpace : cut.length;
  return `${cut.slice(0, end).replace(/[\s,.;:!?–-]+$/, '')}…`;
}
