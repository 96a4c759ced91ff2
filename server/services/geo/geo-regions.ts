// GeoNames administrative codes → the codes of OUR region catalog (seeds/data/regions.ts), per
// country. GeoNames' admin1 is our region in most countries (with its own numbering); where our
// regions sit one level lower, admin2 decides: Belgium's provinces (admin1 is the three regions),
// Ireland's counties (admin1 is the four provinces) and England's regions (admin1 is England,
// admin2 its counties and unitary authorities: ENGLAND_REGIONS below).
// test/unit/geo-regions.test.ts checks every code present in the data maps onto the catalog.

const ENGLAND_REGIONS: Record<string, string[]> = {
  NE: ['D1', 'D8', 'E5', 'F5', 'I5', 'I7', 'J5', 'J6', 'K9', 'M7', 'N3', 'N6'],
  NW: ['A8', 'A9', 'B1', 'C1', 'C9', 'E9', 'G9', 'H2', 'H8', 'I2', 'K1', 'L2', 'L5', 'L8', 'N1', 'N2', 'O1', 'O6', 'P2', 'P7', 'Q1', 'Z7', 'Z8'],
  YH: ['A3', 'B4', 'C2', 'D5', 'E1', 'G6', 'G8', 'H3', 'J2', 'J3', 'J7', 'L3', 'L9', 'O7', 'Q5'],
  EM: ['D2', 'D3', 'H4', 'H5', 'H7', 'J1', 'J8', 'J9', 'L4', 'NNH', 'WNH'],
  WM: ['A7', 'C7', 'D7', 'F7', 'L6', 'L7', 'M2', 'M9', 'N4', 'O2', 'O8', 'P3', 'Q3', 'Q4'],
  EE: ['C3', 'E4', 'F8', 'I1', 'I9', 'K3', 'M5', 'N5', 'O3', 'Z5', 'Z6'],
  LON: ['GLA'],
  SE: ['B3', 'B6', 'B9', 'E2', 'F2', 'G2', 'G5', 'I3', 'I6', 'K2', 'K6', 'K7', 'M1', 'M4', 'N7', 'P4', 'P6', 'P9', 'Q2'],
  SW: ['A4', 'AA', 'B2', 'B7', 'C6', 'D4', 'D6', 'E6', 'J4', 'K4', 'K5', 'M3', 'M6', 'N9', 'O4', 'P8', 'Z9'],
};

const ENGLAND = new Map(Object.entries(ENGLAND_REGIONS).flatMap(([region, counties]) => counties.map((c) => [c, region] as const)));

/** GeoNames admin1 → our code, for the countries whose numbering differs from ours. */
const ADMIN1: Record<string, Record<string, string>> = {
  NL: { '01': 'DR', '02': 'FR', '03': 'GE', '04': 'GR', '05': 'LI', '06': 'NB', '07': 'NH', '09': 'UT', '10': 'ZE', '11': 'ZH', '15': 'OV', '16': 'FL' },
  FR: {
    '11': 'IDF', '24': 'CVL', '27': 'BFC', '28': 'NOR', '32': 'HDF', '44': 'GES', '52': 'PDL', '53': 'BRE', '75': 'NAQ', '76': 'OCC',
    '84': 'ARA', '93': 'PAC', '94': '20R',
  },
  IT: {
    '01': '65', '02': '77', '03': '78', '04': '72', '05': '45', '06': '36', '07': '62', '08': '42', '09': '25', '10': '57',
    '11': '67', '12': '21', '13': '75', '14': '88', '15': '82', '16': '52', '17': '32', '18': '55', '19': '23', '20': '34',
  },
  ES: {
    '07': 'IB', '27': 'RI', '29': 'MD', '31': 'MC', '32': 'NC', '34': 'AS', '39': 'CB', '51': 'AN', '52': 'AR', '53': 'CN',
    '54': 'CM', '55': 'CL', '56': 'CT', '57': 'EX', '58': 'GA', '59': 'PV', '60': 'VC', CE: 'CE', ML: 'ML',
  },
  DE: {
    '01': 'BW', '02': 'BY', '03': 'HB', '04': 'HH', '05': 'HE', '06': 'NI', '07': 'NW', '08': 'RP', '09': 'SL', '10': 'SH',
    '11': 'BB', '12': 'MV', '13': 'SN', '14': 'ST', '15': 'TH', '16': 'BE',
  },
  AT: { '01': '1', '02': '2', '03': '3', '04': '4', '05': '5', '06': '6', '07': '7', '08': '8', '09': '9' },
  CA: { '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON', '09': 'PE', '10': 'QC', '11': 'SK', '12': 'YT', '13': 'NT', '14': 'NU' },
  PL: {
    '72': '02', '73': '04', '74': '10', '75': '06', '76': '08', '77': '12', '78': '14', '79': '16', '80': '18', '81': '20',
    '82': '22', '83': '24', '84': '26', '85': '28', '86': '30', '87': '32',
  },
  AU: { '01': 'ACT', '02': 'NSW', '03': 'NT', '04': 'QLD', '05': 'SA', '06': 'TAS', '07': 'VIC', '08': 'WA' },
  // The Chatham Islands ('10') belong to no region of ours.
  NZ: {
    E7: 'AUK', E8: 'BOP', E9: 'CAN', F1: 'GIS', F2: 'HKB', F3: 'MWT', F4: 'MBH', F5: 'NSN', F6: 'NTL', F7: 'OTA', F8: 'STL',
    F9: 'TKI', G1: 'WKO', G2: 'WGN', G3: 'WTC', TAS: 'TAS',
  },
};

/** Ireland: GeoNames admin2 (counties and the city councils of Dublin, Cork, Galway) → our county codes. */
const IRELAND: Record<string, string> = {
  '01': 'CW', '02': 'CN', '03': 'CE', '04': 'CO', '06': 'DL', '10': 'G', '11': 'KY', '12': 'KE', '13': 'KK', '14': 'LM',
  '15': 'LS', '18': 'LD', '19': 'LH', '20': 'MO', '21': 'MH', '22': 'MN', '23': 'OY', '24': 'RN', '25': 'SO', '26': 'TA',
  '29': 'WH', '30': 'WX', '31': 'WW', '32': 'CO', '33': 'D', '34': 'D', '35': 'D', '36': 'G', '39': 'D', '42': 'LK', '44': 'WD',
};

/** GeoNames lists France's overseas regions as countries of their own; ours are regions of FR. */
export const FRENCH_OVERSEAS: Record<string, string> = { GP: '971', MQ: '972', GF: '973', RE: '974', YT: '976' };

/** Our region code for a place's GeoNames country and admin codes; null where we have none. */
export function regionCodeOf(country: string, admin1: string, admin2: string): string | null {
  const overseas = FRENCH_OVERSEAS[country];
  if (overseas) return overseas;
  switch (country) {
    case 'US':
    case 'CH':
      return admin1 || null;
    case 'BE':
      return admin1 === 'BRU' ? 'BRU' : admin2 || null;
    case 'IE':
      return IRELAND[admin2] ?? null;
    case 'GB':
      if (admin1 === 'SCT' || admin1 === 'WLS' || admin1 === 'NIR') return admin1;
      return admin1 === 'ENG' ? (ENGLAND.get(admin2) ?? null) : null;
    default:
      return ADMIN1[country]?.[admin1] ?? null;
  }
}

/** The country a member of ours is in at a GeoNames place: FR for the French overseas regions. */
export function catalogCountryOf(country: string): string {
  return FRENCH_OVERSEAS[country] ? 'FR' : country;
}
