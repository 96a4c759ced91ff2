// City names: GeoNames calls a few big cities by their English name (Munich, The Hague) and some
// Irish towns by their Irish one; members write and read them the local way. Typed names are
// matched loosely (case, accents, punctuation).

type LocalName = string | { default: string } & Partial<Record<string, string>>;

/** GeoNames name → what locals write, per country; Brussels is bilingual, so by language. */
const LOCAL_NAMES: Record<string, Record<string, LocalName>> = {
  NL: { 'The Hague': 'Den Haag', 'Almere Stad': 'Almere' },
  BE: { Brussels: { default: 'Bruxelles', nl: 'Brussel', de: 'Brüssel', en: 'Brussels' } },
  DE: { Munich: 'München', Cologne: 'Köln', Nuremberg: 'Nürnberg', Hanover: 'Hannover' },
  AT: { Vienna: 'Wien' },
  CH: { Sitten: 'Sion', Geneva: 'Genève', Zurich: 'Zürich', Lucerne: 'Luzern' },
  IT: { Rome: 'Roma', Milan: 'Milano', Naples: 'Napoli', Turin: 'Torino', Genoa: 'Genova', Florence: 'Firenze', Venice: 'Venezia', Padua: 'Padova' },
  ES: { 'Gasteiz / Vitoria': 'Vitoria-Gasteiz', 'Donostia / San Sebastián': 'San Sebastián', Cadiz: 'Cádiz', Seville: 'Sevilla' },
  PL: { Warsaw: 'Warszawa', Cracow: 'Kraków' },
  US: { 'New York City': 'New York' },
  // GeoNames names some Irish towns in Irish; English is what members write.
  IE: {
    Luimneach: 'Limerick', Gaillimh: 'Galway', 'Loch Garman': 'Wexford', 'Droichead Nua': 'Newbridge', 'Cluain Meala': 'Clonmel',
    'An Muileann gCearr': 'Mullingar', 'An Ros': 'Rush', 'Trá Mhór': 'Tramore', 'Cill Airne': 'Killarney', 'Ráth Luirc': 'Charleville',
  },
};

/** The name to show for a GeoNames place, in the reader's language where that matters. */
export function localName(country: string, name: string, lng?: string): string {
  const local = LOCAL_NAMES[country]?.[name];
  if (!local) return name;
  return typeof local === 'string' ? local : (lng && local[lng]) || local.default;
}

/** Every local spelling of a GeoNames place (matched on input, besides its own names). */
export function localSpellings(country: string, name: string): string[] {
  const local = LOCAL_NAMES[country]?.[name];
  if (!local) return [];
  return typeof local === 'string' ? [local] : Object.values(local).filter((v): v is string => typeof v === 'string');
}

/** A loose key for typed names: "St. Pölten" and "st polten" match; "Sankt" and "St" too. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/['’`.,()/-]/g, ' ')
    .replace(/\b(sankt|saint|sint|st)\b/g, 'st')
    .replace(/\s+/g, ' ')
    .trim();
}
