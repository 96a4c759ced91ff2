/**
 * First-level subdivisions ("regions") a member can pick, per supported country.
 *
 * Names are in the form locals usually write them. Codes are ISO 3166-2
 * subdivision codes without the country prefix; where ISO 3166-2 defines no
 * code (the English regions of GB) a short unique uppercase code is used.
 * Each list is sorted by name.
 */

export type RegionCountry =
  | 'US'
  | 'NL'
  | 'BE'
  | 'FR'
  | 'IT'
  | 'ES'
  | 'DE'
  | 'AT'
  | 'IE'
  | 'GB'
  | 'CA'
  | 'PL'
  | 'AU'
  | 'NZ'
  | 'CH';

export interface Region {
  code: string;
  name: string;
}

export const REGIONS: Record<RegionCountry, { code: string; name: string }[]> = {
  // 50 states + District of Columbia
  US: [
    { code: 'AL', name: 'Alabama' },
    { code: 'AK', name: 'Alaska' },
    { code: 'AZ', name: 'Arizona' },
    { code: 'AR', name: 'Arkansas' },
    { code: 'CA', name: 'California' },
    { code: 'CO', name: 'Colorado' },
    { code: 'CT', name: 'Connecticut' },
    { code: 'DE', name: 'Delaware' },
    { code: 'DC', name: 'District of Columbia' },
    { code: 'FL', name: 'Florida' },
    { code: 'GA', name: 'Georgia' },
    { code: 'HI', name: 'Hawaii' },
    { code: 'ID', name: 'Idaho' },
    { code: 'IL', name: 'Illinois' },
    { code: 'IN', name: 'Indiana' },
    { code: 'IA', name: 'Iowa' },
    { code: 'KS', name: 'Kansas' },
    { code: 'KY', name: 'Kentucky' },
    { code: 'LA', name: 'Louisiana' },
    { code: 'ME', name: 'Maine' },
    { code: 'MD', name: 'Maryland' },
    { code: 'MA', name: 'Massachusetts' },
    { code: 'MI', name: 'Michigan' },
    { code: 'MN', name: 'Minnesota' },
    { code: 'MS', name: 'Mississippi' },
    { code: 'MO', name: 'Missouri' },
    { code: 'MT', name: 'Montana' },
    { code: 'NE', name: 'Nebraska' },
    { code: 'NV', name: 'Nevada' },
    { code: 'NH', name: 'New Hampshire' },
    { code: 'NJ', name: 'New Jersey' },
    { code: 'NM', name: 'New Mexico' },
    { code: 'NY', name: 'New York' },
    { code: 'NC', name: 'North Carolina' },
    { code: 'ND', name: 'North Dakota' },
    { code: 'OH', name: 'Ohio' },
    { code: 'OK', name: 'Oklahoma' },
    { code: 'OR', name: 'Oregon' },
    { code: 'PA', name: 'Pennsylvania' },
    { code: 'RI', name: 'Rhode Island' },
    { code: 'SC', name: 'South Carolina' },
    { code: 'SD', name: 'South Dakota' },
    { code: 'TN', name: 'Tennessee' },
    { code: 'TX', name: 'Texas' },
    { code: 'UT', name: 'Utah' },
    { code: 'VT', name: 'Vermont' },
    { code: 'VA', name: 'Virginia' },
    { code: 'WA', name: 'Washington' },
    { code: 'WV', name: 'West Virginia' },
    { code: 'WI', name: 'Wisconsin' },
    { code: 'WY', name: 'Wyoming' },
  ],

  // 12 provinces
  NL: [
    { code: 'DR', name: 'Drenthe' },
    { code: 'FL', name: 'Flevoland' },
    { code: 'FR', name: 'Fryslân' },
    { code: 'GE', name: 'Gelderland' },
    { code: 'GR', name: 'Groningen' },
    { code: 'LI', name: 'Limburg' },
    { code: 'NB', name: 'Noord-Brabant' },
    { code: 'NH', name: 'Noord-Holland' },
    { code: 'OV', name: 'Overijssel' },
    { code: 'UT', name: 'Utrecht' },
    { code: 'ZE', name: 'Zeeland' },
    { code: 'ZH', name: 'Zuid-Holland' },
  ],

  // 10 provinces + Brussels-Capital Region
  BE: [
    { code: 'VAN', name: 'Antwerpen' },
    { code: 'WBR', name: 'Brabant wallon' },
    { code: 'BRU', name: 'Brussel / Bruxelles' },
    { code: 'WHT', name: 'Hainaut' },
    { code: 'WLG', name: 'Liège' },
    { code: 'VLI', name: 'Limburg' },
    { code: 'WLX', name: 'Luxembourg' },
    { code: 'WNA', name: 'Namur' },
    { code: 'VOV', name: 'Oost-Vlaanderen' },
    { code: 'VBR', name: 'Vlaams-Brabant' },
    { code: 'VWV', name: 'West-Vlaanderen' },
  ],

  // 13 metropolitan regions (incl. Corse) + 5 overseas regions
  FR: [
    { code: 'ARA', name: 'Auvergne-Rhône-Alpes' },
    { code: 'BFC', name: 'Bourgogne-Franche-Comté' },
    { code: 'BRE', name: 'Bretagne' },
    { code: 'CVL', name: 'Centre-Val de Loire' },
    { code: '20R', name: 'Corse' },
    { code: 'GES', name: 'Grand Est' },
    { code: '971', name: 'Guadeloupe' },
    { code: '973', name: 'Guyane' },
    { code: 'HDF', name: 'Hauts-de-France' },
    { code: 'IDF', name: 'Île-de-France' },
    { code: '974', name: 'La Réunion' },
    { code: '972', name: 'Martinique' },
    { code: '976', name: 'Mayotte' },
    { code: 'NOR', name: 'Normandie' },
    { code: 'NAQ', name: 'Nouvelle-Aquitaine' },
    { code: 'OCC', name: 'Occitanie' },
    { code: 'PDL', name: 'Pays de la Loire' },
    { code: 'PAC', name: "Provence-Alpes-Côte d'Azur" },
  ],

  // 20 regions
  IT: [
    { code: '65', name: 'Abruzzo' },
    { code: '77', name: 'Basilicata' },
    { code: '78', name: 'Calabria' },
    { code: '72', name: 'Campania' },
    { code: '45', name: 'Emilia-Romagna' },
    { code: '36', name: 'Friuli-Venezia Giulia' },
    { code: '62', name: 'Lazio' },
    { code: '42', name: 'Liguria' },
    { code: '25', name: 'Lombardia' },
    { code: '57', name: 'Marche' },
    { code: '67', name: 'Molise' },
    { code: '21', name: 'Piemonte' },
    { code: '75', name: 'Puglia' },
    { code: '88', name: 'Sardegna' },
    { code: '82', name: 'Sicilia' },
    { code: '52', name: 'Toscana' },
    { code: '32', name: 'Trentino-Alto Adige' },
    { code: '55', name: 'Umbria' },
    { code: '23', name: "Valle d'Aosta" },
    { code: '34', name: 'Veneto' },
  ],

  // 17 autonomous communities + the autonomous cities of Ceuta and Melilla
  ES: [
    { code: 'AN', name: 'Andalucía' },
    { code: 'AR', name: 'Aragón' },
    { code: 'AS', name: 'Asturias' },
    { code: 'CN', name: 'Canarias' },
    { code: 'CB', name: 'Cantabria' },
    { code: 'CL', name: 'Castilla y León' },
    { code: 'CM', name: 'Castilla-La Mancha' },
    { code: 'CT', name: 'Cataluña' },
    { code: 'CE', name: 'Ceuta' },
    { code: 'MD', name: 'Comunidad de Madrid' },
    { code: 'VC', name: 'Comunidad Valenciana' },
    { code: 'EX', name: 'Extremadura' },
    { code: 'GA', name: 'Galicia' },
    { code: 'IB', name: 'Islas Baleares' },
    { code: 'RI', name: 'La Rioja' },
    { code: 'ML', name: 'Melilla' },
    { code: 'NC', name: 'Navarra' },
    { code: 'PV', name: 'País Vasco' },
    { code: 'MC', name: 'Región de Murcia' },
  ],

  // 16 federal states
  DE: [
    { code: 'BW', name: 'Baden-Württemberg' },
    { code: 'BY', name: 'Bayern' },
    { code: 'BE', name: 'Berlin' },
    { code: 'BB', name: 'Brandenburg' },
    { code: 'HB', name: 'Bremen' },
    { code: 'HH', name: 'Hamburg' },
    { code: 'HE', name: 'Hessen' },
    { code: 'MV', name: 'Mecklenburg-Vorpommern' },
    { code: 'NI', name: 'Niedersachsen' },
    { code: 'NW', name: 'Nordrhein-Westfalen' },
    { code: 'RP', name: 'Rheinland-Pfalz' },
    { code: 'SL', name: 'Saarland' },
    { code: 'SN', name: 'Sachsen' },
    { code: 'ST', name: 'Sachsen-Anhalt' },
    { code: 'SH', name: 'Schleswig-Holstein' },
    { code: 'TH', name: 'Thüringen' },
  ],

  // 9 federal states
  AT: [
    { code: '1', name: 'Burgenland' },
    { code: '2', name: 'Kärnten' },
    { code: '3', name: 'Niederösterreich' },
    { code: '4', name: 'Oberösterreich' },
    { code: '5', name: 'Salzburg' },
    { code: '6', name: 'Steiermark' },
    { code: '7', name: 'Tirol' },
    { code: '8', name: 'Vorarlberg' },
    { code: '9', name: 'Wien' },
  ],

  // 26 counties of the Republic of Ireland
  IE: [
    { code: 'CW', name: 'Carlow' },
    { code: 'CN', name: 'Cavan' },
    { code: 'CE', name: 'Clare' },
    { code: 'CO', name: 'Cork' },
    { code: 'DL', name: 'Donegal' },
    { code: 'D', name: 'Dublin' },
    { code: 'G', name: 'Galway' },
    { code: 'KY', name: 'Kerry' },
    { code: 'KE', name: 'Kildare' },
    { code: 'KK', name: 'Kilkenny' },
    { code: 'LS', name: 'Laois' },
    { code: 'LM', name: 'Leitrim' },
    { code: 'LK', name: 'Limerick' },
    { code: 'LD', name: 'Longford' },
    { code: 'LH', name: 'Louth' },
    { code: 'MO', name: 'Mayo' },
    { code: 'MH', name: 'Meath' },
    { code: 'MN', name: 'Monaghan' },
    { code: 'OY', name: 'Offaly' },
    { code: 'RN', name: 'Roscommon' },
    { code: 'SO', name: 'Sligo' },
    { code: 'TA', name: 'Tipperary' },
    { code: 'WD', name: 'Waterford' },
    { code: 'WH', name: 'Westmeath' },
    { code: 'WX', name: 'Wexford' },
    { code: 'WW', name: 'Wicklow' },
  ],

  // 9 English regions (no ISO 3166-2 code: short custom codes) + SCT, WLS, NIR
  GB: [
    { code: 'EM', name: 'East Midlands' },
    { code: 'EE', name: 'East of England' },
    { code: 'LON', name: 'London' },
    { code: 'NE', name: 'North East' },
    { code: 'NW', name: 'North West' },
    { code: 'NIR', name: 'Northern Ireland' },
    { code: 'SCT', name: 'Scotland' },
    { code: 'SE', name: 'South East' },
    { code: 'SW', name: 'South West' },
    { code: 'WLS', name: 'Wales' },
    { code: 'WM', name: 'West Midlands' },
    { code: 'YH', name: 'Yorkshire and the Humber' },
  ],

  // 10 provinces + 3 territories
  CA: [
    { code: 'AB', name: 'Alberta' },
    { code: 'BC', name: 'British Columbia' },
    { code: 'MB', name: 'Manitoba' },
    { code: 'NB', name: 'New Brunswick' },
    { code: 'NL', name: 'Newfoundland and Labrador' },
    { code: 'NT', name: 'Northwest Territories' },
    { code: 'NS', name: 'Nova Scotia' },
    { code: 'NU', name: 'Nunavut' },
    { code: 'ON', name: 'Ontario' },
    { code: 'PE', name: 'Prince Edward Island' },
    { code: 'QC', name: 'Québec' },
    { code: 'SK', name: 'Saskatchewan' },
    { code: 'YT', name: 'Yukon' },
  ],

  // 16 voivodeships (ISO 3166-2:PL numeric codes since 2018)
  PL: [
    { code: '02', name: 'Dolnośląskie' },
    { code: '04', name: 'Kujawsko-pomorskie' },
    { code: '06', name: 'Lubelskie' },
    { code: '08', name: 'Lubuskie' },
    { code: '10', name: 'Łódzkie' },
    { code: '12', name: 'Małopolskie' },
    { code: '14', name: 'Mazowieckie' },
    { code: '16', name: 'Opolskie' },
    { code: '18', name: 'Podkarpackie' },
    { code: '20', name: 'Podlaskie' },
    { code: '22', name: 'Pomorskie' },
    { code: '24', name: 'Śląskie' },
    { code: '26', name: 'Świętokrzyskie' },
    { code: '28', name: 'Warmińsko-mazurskie' },
    { code: '30', name: 'Wielkopolskie' },
    { code: '32', name: 'Zachodniopomorskie' },
  ],

  // 6 states + 2 mainland territories
  AU: [
    { code: 'ACT', name: 'Australian Capital Territory' },
    { code: 'NSW', name: 'New South Wales' },
    { code: 'NT', name: 'Northern Territory' },
    { code: 'QLD', name: 'Queensland' },
    { code: 'SA', name: 'South Australia' },
    { code: 'TAS', name: 'Tasmania' },
    { code: 'VIC', name: 'Victoria' },
    { code: 'WA', name: 'Western Australia' },
  ],

  // 16 regions
  NZ: [
    { code: 'AUK', name: 'Auckland' },
    { code: 'BOP', name: 'Bay of Plenty' },
    { code: 'CAN', name: 'Canterbury' },
    { code: 'GIS', name: 'Gisborne' },
    { code: 'HKB', name: "Hawke's Bay" },
    { code: 'MWT', name: 'Manawatū-Whanganui' },
    { code: 'MBH', name: 'Marlborough' },
    { code: 'NSN', name: 'Nelson' },
    { code: 'NTL', name: 'Northland' },
    { code: 'OTA', name: 'Otago' },
    { code: 'STL', name: 'Southland' },
    { code: 'TKI', name: 'Taranaki' },
    { code: 'TAS', name: 'Tasman' },
    { code: 'WKO', name: 'Waikato' },
    { code: 'WGN', name: 'Wellington' },
    { code: 'WTC', name: 'West Coast' },
  ],

  // 26 cantons
  CH: [
    { code: 'AG', name: 'Aargau' },
    { code: 'AR', name: 'Appenzell Ausserrhoden' },
    { code: 'AI', name: 'Appenzell Innerrhoden' },
    { code: 'BL', name: 'Basel-Landschaft' },
    { code: 'BS', name: 'Basel-Stadt' },
    { code: 'BE', name: 'Bern' },
    { code: 'FR', name: 'Fribourg' },
    { code: 'GE', name: 'Genève' },
    { code: 'GL', name: 'Glarus' },
    { code: 'GR', name: 'Graubünden' },
    { code: 'JU', name: 'Jura' },
    { code: 'LU', name: 'Luzern' },
    { code: 'NE', name: 'Neuchâtel' },
    { code: 'NW', name: 'Nidwalden' },
    { code: 'OW', name: 'Obwalden' },
    { code: 'SH', name: 'Schaffhausen' },
    { code: 'SZ', name: 'Schwyz' },
    { code: 'SO', name: 'Solothurn' },
    { code: 'SG', name: 'St. Gallen' },
    { code: 'TG', name: 'Thurgau' },
    { code: 'TI', name: 'Ticino' },
    { code: 'UR', name: 'Uri' },
    { code: 'VS', name: 'Valais' },
    { code: 'VD', name: 'Vaud' },
    { code: 'ZG', name: 'Zug' },
    { code: 'ZH', name: 'Zürich' },
  ],
};

/** Region names for a country code (case-insensitive); empty for unknown countries. */
export function regionNames(country: string): string[] {
  const key = country.toUpperCase();
  if (!Object.prototype.hasOwnProperty.call(REGIONS, key)) return [];
  return REGIONS[key as RegionCountry].map((r) => r.name);
}
