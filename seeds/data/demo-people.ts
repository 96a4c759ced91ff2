// Deterministic demo data (names, cities, about texts, interests) for seeding a few hundred profiles.
import { from, type About, type AboutGroups } from './about-kinds.js';
import { MORE_ABOUT } from './demo-about-more.js';

export type DemoCountry =
  | 'NL' | 'BE' | 'DE' | 'AT' | 'CH' | 'FR' | 'IT' | 'ES' | 'PL' | 'GB' | 'IE' | 'US' | 'CA' | 'AU' | 'NZ';
export type AboutLanguage = 'en' | 'nl' | 'de' | 'it' | 'fr' | 'es' | 'pl';
export type DemoGender = 'male' | 'female';

export const DEMO_COUNTRIES: readonly DemoCountry[] = [
  'NL', 'BE', 'DE', 'AT', 'CH', 'FR', 'IT', 'ES', 'PL', 'GB', 'IE', 'US', 'CA', 'AU', 'NZ',
];
export const ABOUT_LANGUAGES: readonly AboutLanguage[] = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'];

// ---------------------------------------------------------------------------------------------
// Cities with their province, state, canton, voivodeship, region or county

/** A city, its region, and the language written there where the country has several. */
export type City = { city: string; region: string; language?: AboutLanguage };
const c = (city: string, region: string, language?: AboutLanguage): City => (language ? { city, region, language } : { city, region });

export const CITIES: Record<DemoCountry, City[]> = {
  NL: [
    c('Amsterdam', 'Noord-Holland'), c('Rotterdam', 'Zuid-Holland'), c('Den Haag', 'Zuid-Holland'),
    c('Utrecht', 'Utrecht'), c('Eindhoven', 'Noord-Brabant'), c('Groningen', 'Groningen'),
    c('Tilburg', 'Noord-Brabant'), c('Almere', 'Flevoland'), c('Breda', 'Noord-Brabant'),
    c('Nijmegen', 'Gelderland'), c('Arnhem', 'Gelderland'), c('Haarlem', 'Noord-Holland'),
    c('Enschede', 'Overijssel'), c('Zwolle', 'Overijssel'), c('Maastricht', 'Limburg'),
    c('Leeuwarden', 'Fryslân'), c('Middelburg', 'Zeeland'), c('Assen', 'Drenthe'),
  ],
  BE: [
    c('Antwerpen', 'Antwerpen', 'nl'), c('Gent', 'Oost-Vlaanderen', 'nl'), c('Brugge', 'West-Vlaanderen', 'nl'),
    c('Leuven', 'Vlaams-Brabant', 'nl'), c('Hasselt', 'Limburg', 'nl'), c('Mechelen', 'Antwerpen', 'nl'),
    c('Kortrijk', 'West-Vlaanderen', 'nl'), c('Aalst', 'Oost-Vlaanderen', 'nl'), c('Brussel', 'Brussel / Bruxelles', 'nl'),
    c('Liège', 'Liège', 'fr'), c('Namur', 'Namur', 'fr'), c('Charleroi', 'Hainaut', 'fr'), c('Mons', 'Hainaut', 'fr'),
    c('Wavre', 'Brabant wallon', 'fr'), c('Arlon', 'Luxembourg', 'fr'), c('Tournai', 'Hainaut', 'fr'),
    c('Verviers', 'Liège', 'fr'), c('Bruxelles', 'Brussel / Bruxelles', 'fr'), c('Louvain-la-Neuve', 'Brabant wallon', 'fr'),
  ],
  DE: [
    c('Berlin', 'Berlin'), c('Hamburg', 'Hamburg'), c('München', 'Bayern'), c('Köln', 'Nordrhein-Westfalen'),
    c('Frankfurt am Main', 'Hessen'), c('Stuttgart', 'Baden-Württemberg'), c('Düsseldorf', 'Nordrhein-Westfalen'),
    c('Leipzig', 'Sachsen'), c('Dresden', 'Sachsen'), c('Hannover', 'Niedersachsen'), c('Nürnberg', 'Bayern'),
    c('Bremen', 'Bremen'), c('Freiburg im Breisgau', 'Baden-Württemberg'), c('Kiel', 'Schleswig-Holstein'),
    c('Rostock', 'Mecklenburg-Vorpommern'), c('Mainz', 'Rheinland-Pfalz'), c('Saarbrücken', 'Saarland'),
    c('Erfurt', 'Thüringen'), c('Magdeburg', 'Sachsen-Anhalt'), c('Potsdam', 'Brandenburg'),
  ],
  AT: [
    c('Wien', 'Wien'), c('Graz', 'Steiermark'), c('Linz', 'Oberösterreich'), c('Salzburg', 'Salzburg'),
    c('Innsbruck', 'Tirol'), c('Klagenfurt am Wörthersee', 'Kärnten'), c('Villach', 'Kärnten'),
    c('Wels', 'Oberösterreich'), c('St. Pölten', 'Niederösterreich'), c('Dornbirn', 'Vorarlberg'),
    c('Bregenz', 'Vorarlberg'), c('Eisenstadt', 'Burgenland'), c('Wiener Neustadt', 'Niederösterreich'),
    c('Leoben', 'Steiermark'),
  ],
  CH: [
    c('Zürich', 'Zürich', 'de'), c('Genève', 'Genève', 'fr'), c('Basel', 'Basel-Stadt', 'de'), c('Bern', 'Bern', 'de'),
    c('Lausanne', 'Vaud', 'fr'), c('Winterthur', 'Zürich', 'de'), c('Luzern', 'Luzern', 'de'), c('St. Gallen', 'St. Gallen', 'de'),
    c('Lugano', 'Ticino', 'it'), c('Biel/Bienne', 'Bern', 'fr'), c('Thun', 'Bern', 'de'), c('Fribourg', 'Fribourg', 'fr'),
    c('Chur', 'Graubünden', 'de'), c('Schaffhausen', 'Schaffhausen', 'de'), c('Zug', 'Zug', 'de'), c('Neuchâtel', 'Neuchâtel', 'fr'),
    c('Sion', 'Valais', 'fr'), c('Aarau', 'Aargau', 'de'), c('Bellinzona', 'Ticino', 'it'), c('Locarno', 'Ticino', 'it'),
    c('Montreux', 'Vaud', 'fr'),
  ],
  FR: [
    c('Paris', 'Île-de-France'), c('Marseille', "Provence-Alpes-Côte d'Azur"), c('Lyon', 'Auvergne-Rhône-Alpes'),
    c('Toulouse', 'Occitanie'), c('Nice', "Provence-Alpes-Côte d'Azur"), c('Nantes', 'Pays de la Loire'),
    c('Montpellier', 'Occitanie'), c('Strasbourg', 'Grand Est'), c('Bordeaux', 'Nouvelle-Aquitaine'),
    c('Lille', 'Hauts-de-France'), c('Rennes', 'Bretagne'), c('Reims', 'Grand Est'),
    c('Dijon', 'Bourgogne-Franche-Comté'), c('Grenoble', 'Auvergne-Rhône-Alpes'), c('Rouen', 'Normandie'),
    c('Tours', 'Centre-Val de Loire'), c('Ajaccio', 'Corse'),
  ],
  IT: [
    c('Roma', 'Lazio'), c('Milano', 'Lombardia'), c('Napoli', 'Campania'), c('Torino', 'Piemonte'),
    c('Palermo', 'Sicilia'), c('Genova', 'Liguria'), c('Bologna', 'Emilia-Romagna'), c('Firenze', 'Toscana'),
    c('Bari', 'Puglia'), c('Catania', 'Sicilia'), c('Venezia', 'Veneto'), c('Verona', 'Veneto'),
    c('Padova', 'Veneto'), c('Trieste', 'Friuli-Venezia Giulia'), c('Cagliari', 'Sardegna'),
    c('Perugia', 'Umbria'), c('Bergamo', 'Lombardia'), c('Trento', 'Trentino-Alto Adige'),
  ],
  ES: [
    c('Madrid', 'Comunidad de Madrid'), c('Barcelona', 'Cataluña'), c('Valencia', 'Comunidad Valenciana'),
    c('Sevilla', 'Andalucía'), c('Zaragoza', 'Aragón'), c('Málaga', 'Andalucía'), c('Murcia', 'Región de Murcia'),
    c('Palma', 'Islas Baleares'), c('Las Palmas de Gran Canaria', 'Canarias'), c('Bilbao', 'País Vasco'),
    c('Alicante', 'Comunidad Valenciana'), c('Córdoba', 'Andalucía'), c('Valladolid', 'Castilla y León'),
    c('Vigo', 'Galicia'), c('Gijón', 'Asturias'), c('A Coruña', 'Galicia'), c('Granada', 'Andalucía'),
    c('San Sebastián', 'País Vasco'), c('Santander', 'Cantabria'), c('Pamplona', 'Navarra'),
  ],
  PL: [
    c('Warszawa', 'Mazowieckie'), c('Kraków', 'Małopolskie'), c('Łódź', 'Łódzkie'), c('Wrocław', 'Dolnośląskie'),
    c('Poznań', 'Wielkopolskie'), c('Gdańsk', 'Pomorskie'), c('Szczecin', 'Zachodniopomorskie'),
    c('Bydgoszcz', 'Kujawsko-pomorskie'), c('Lublin', 'Lubelskie'), c('Białystok', 'Podlaskie'),
    c('Katowice', 'Śląskie'), c('Gdynia', 'Pomorskie'), c('Rzeszów', 'Podkarpackie'), c('Kielce', 'Świętokrzyskie'),
    c('Olsztyn', 'Warmińsko-mazurskie'), c('Opole', 'Opolskie'), c('Zielona Góra', 'Lubuskie'),
  ],
  GB: [
    c('London', 'London'), c('Manchester', 'North West'), c('Birmingham', 'West Midlands'),
    c('Leeds', 'Yorkshire and the Humber'), c('Liverpool', 'North West'), c('Bristol', 'South West'),
    c('Newcastle upon Tyne', 'North East'), c('Nottingham', 'East Midlands'),
    c('Brighton', 'South East'), c('Cambridge', 'East of England'), c('Edinburgh', 'Scotland'),
    c('Glasgow', 'Scotland'), c('Cardiff', 'Wales'), c('Belfast', 'Northern Ireland'),
  ],
  IE: [
    c('Dublin', 'Dublin'), c('Cork', 'Cork'), c('Galway', 'Galway'),
    c('Limerick', 'Limerick'), c('Waterford', 'Waterford'), c('Kilkenny', 'Kilkenny'),
    c('Drogheda', 'Louth'), c('Sligo', 'Sligo'), c('Athlone', 'Westmeath'),
    c('Killarney', 'Kerry'), c('Wexford', 'Wexford'), c('Ennis', 'Clare'),
    c('Navan', 'Meath'), c('Letterkenny', 'Donegal'),
  ],
  US: [
    c('New York', 'New York'), c('Los Angeles', 'California'), c('Chicago', 'Illinois'), c('Houston', 'Texas'),
    c('Phoenix', 'Arizona'), c('Philadelphia', 'Pennsylvania'), c('San Diego', 'California'), c('Dallas', 'Texas'),
    c('Austin', 'Texas'), c('Miami', 'Florida'), c('Seattle', 'Washington'), c('Denver', 'Colorado'),
    c('Boston', 'Massachusetts'), c('Atlanta', 'Georgia'), c('Nashville', 'Tennessee'), c('Portland', 'Oregon'),
    c('Las Vegas', 'Nevada'), c('Minneapolis', 'Minnesota'), c('New Orleans', 'Louisiana'),
    c('Charlotte', 'North Carolina'),
  ],
  CA: [
    c('Toronto', 'Ontario'), c('Montréal', 'Québec', 'fr'), c('Vancouver', 'British Columbia'), c('Calgary', 'Alberta'),
    c('Edmonton', 'Alberta'), c('Ottawa', 'Ontario'), c('Winnipeg', 'Manitoba'), c('Québec', 'Québec', 'fr'),
    c('Hamilton', 'Ontario'), c('Halifax', 'Nova Scotia'), c('Victoria', 'British Columbia'),
    c('Saskatoon', 'Saskatchewan'), c('Regina', 'Saskatchewan'), c("St. John's", 'Newfoundland and Labrador'),
    c('Moncton', 'New Brunswick'), c('Charlottetown', 'Prince Edward Island'),
    c('Gatineau', 'Québec', 'fr'), c('Sherbrooke', 'Québec', 'fr'), c('Trois-Rivières', 'Québec', 'fr'), c('Laval', 'Québec', 'fr'),
    c('Montreal', 'Québec', 'en'),
  ],
  AU: [
    c('Sydney', 'New South Wales'), c('Melbourne', 'Victoria'), c('Brisbane', 'Queensland'),
    c('Perth', 'Western Australia'), c('Adelaide', 'South Australia'), c('Gold Coast', 'Queensland'),
    c('Canberra', 'Australian Capital Territory'), c('Newcastle', 'New South Wales'), c('Hobart', 'Tasmania'),
    c('Darwin', 'Northern Territory'), c('Geelong', 'Victoria'), c('Cairns', 'Queensland'),
    c('Townsville', 'Queensland'), c('Wollongong', 'New South Wales'),
  ],
  NZ: [
    c('Auckland', 'Auckland'), c('Wellington', 'Wellington'), c('Christchurch', 'Canterbury'),
    c('Hamilton', 'Waikato'), c('Tauranga', 'Bay of Plenty'), c('Dunedin', 'Otago'),
    c('Palmerston North', 'Manawatū-Whanganui'), c('Napier', "Hawke's Bay"), c('Nelson', 'Nelson'),
    c('Rotorua', 'Bay of Plenty'), c('New Plymouth', 'Taranaki'), c('Whangārei', 'Northland'),
    c('Invercargill', 'Southland'), c('Queenstown', 'Otago'), c('Gisborne', 'Gisborne'),
  ],
};

/** The language a demo profile from each country writes its about text in. */
export const COUNTRY_LANGUAGE: Record<DemoCountry, AboutLanguage> = {
  NL: 'nl', BE: 'nl', DE: 'de', AT: 'de', CH: 'de', FR: 'fr', IT: 'it', ES: 'es', PL: 'pl',
  GB: 'en', IE: 'en', US: 'en', CA: 'en', AU: 'en', NZ: 'en',
};

// ---------------------------------------------------------------------------------------------
// About-me texts. Romance languages, Polish and German inflect for the writer's gender, so the
// texts are kept in three groups: any writer, women only and men only (see aboutTextsFor()).


const ABOUT: Record<AboutLanguage, AboutGroups> = {
  en: {
    any: [
      'Easy-going, a bit nerdy and always up for a good conversation. Looking for someone who laughs at my jokes, or at least pretends to.',
      "Weekend hiker, weekday coffee addict. I'd love to meet someone who's happy to get lost on a trail with me.",
      'Just moved to the city and keen to explore it in good company. Tell me your favourite hidden spot.',
      "I cook better than I dance, but I'll do both if you ask nicely.",
      "Spontaneous trips, long dinners and people who don't take themselves too seriously. That's my kind of life.",
      "Not great at writing about myself. Better to chat and find out, don't you think?",
      "Life's too short for bad wine and boring conversations. Let's avoid both.",
      'I work hard and play harder. Looking for someone to share sunsets, road trips and the occasional lazy Sunday.',
      "Romantic at heart, even if I hide it well. I'd love to find someone to spoil a little.",
      "Gym in the morning, a good series at night. Somewhere in between I'm hoping to meet you.",
      "Honest, loyal and a little bit cheeky. If you like live music and late-night chats, we'll get along.",
      from(50, 'Widowed a few years ago and ready to open a new chapter. I enjoy gardening, the theatre and quiet evenings in.'),
      "I'm the friend who always knows a good restaurant. Looking for someone to try new places with.",
      "Beach over mountains, tacos over sushi, and a morning person, sorry. Let's see if we match anyway.",
      'New here and curious. No games, just good vibes and real conversations.',
      "Shy at first, but once I get to know you I won't stop talking.",
      'I love travelling, photography and getting lost in old bookshops. Looking for a partner in crime for my next adventure.',
      "Calm, caring and still a big kid inside. I'd like to meet someone genuine who enjoys the simple things.",
      'Looking for a spark. If it turns into something more, even better.',
      from(60, 'Retired teacher with plenty of energy left. I love walking, cooking for friends and a glass of red in good company.'),
      "Confident, ambitious and a hopeless flirt. Say hi and let's see where it goes.",
      'I believe in good coffee, kind people and second chances.',
      'Part-time musician, full-time daydreamer. Message me if you want a terrible love song written just for you.',
      'Sporty, outdoorsy and always planning the next weekend away. Bonus points if you can keep up on a bike.',
      "I'm told I give the best hugs. Come and find out.",
      "Down-to-earth, with a soft spot for old films and long walks. Let's start with a drink and see what happens.",
      'Freshly single and in no rush. Happy to chat, meet up and let things grow naturally.',
      'Nurse by day, salsa dancer by night. Life is better with a little rhythm.',
      from(44, "Divorced, two grown-up kids, and finally making time for myself again. I'm looking for warmth, honesty and a bit of fun."),
    ],
    female: [
      'Dog mum, bookworm and terrible at keeping plants alive. Looking for someone kind with a good sense of humour.',
      'Not looking for a knight in shining armour, just someone who makes me laugh and means what they say.',
      "Girls' nights, yoga and far too many cushions on my sofa. There's room for one more on it, though.",
      'Independent, happy with my life and still love being surprised. Flowers never hurt.',
    ],
    male: [
      from(27, 'Single dad and proud of it. Looking for someone mature who knows what they want.'),
      'A bit old-fashioned: I hold doors, I call back and the first coffee is on me.',
      'Football on Saturdays, long walks on Sundays. A simple guy looking for someone to share the weekends with.',
      'My mates say my barbecue skills are legendary. Come and judge for yourself.',
    ],
  },
  nl: {
    any: [
      'Spontaan, sportief en altijd in voor een terrasje. Op zoek naar iemand met humor die ook eens gek durft te doen.',
      'Ik ben een echte genieter: lekker eten, een goed glas wijn en gezellige mensen om me heen.',
      'Niet zo goed in over mezelf schrijven. Stuur gerust een berichtje, dan vertel ik je de rest.',
      'Fietsen door de polder, een boek op de bank en af en toe een festival. Wie gaat er mee?',
      from(46, 'Gescheiden, twee kinderen die al het huis uit zijn en klaar voor een nieuw hoofdstuk.'),
      'Eerlijk, zorgzaam en soms een beetje eigenwijs. Ik hou van lange strandwandelingen, ook als het waait.',
      'Op zoek naar een leuke klik. Wie weet waar het naartoe gaat!',
      'Ik kook graag voor anderen, dus als je van Italiaans eten houdt, zit je bij mij goed.',
      'Nieuwsgierig naar mensen en naar de wereld. Mijn rugzak staat altijd half ingepakt klaar.',
      'Beetje verlegen in het begin, maar als het klikt, hou ik niet meer op met praten.',
      'Ik werk hard, maar mijn weekenden zijn heilig. Dan wil ik eropuit, het liefst met iemand die net zo nieuwsgierig is als ik.',
      'Romantisch in hart en nieren. Ik geloof nog steeds in vlinders in je buik.',
      'Hondenliefhebber, koffieverslaafd en gek op de zee. Zullen we samen uitwaaien?',
      'Geen zin meer in eindeloos appen. Gewoon een keer afspreken en kijken of het klikt.',
      'Ik ben rustig, betrouwbaar en heb een droge humor. Mijn vrienden zeggen dat ik goed kan luisteren.',
      'Sinds kort weer single en benieuwd wie ik hier tegenkom. Ik hou het graag luchtig en gezellig.',
      'Muziek is mijn leven: concerten, vinyl en zingen onder de douche (vals, dat wel).',
      'Fit, ondernemend en altijd in beweging. Op zoek naar iemand die mijn tempo bijhoudt.',
      'Een knuffel aan het eind van de dag, meer vraag ik niet. Nou ja, misschien ook een wijntje.',
      'Ik hou van zon, zee en spontane weekendjes weg. Wie neemt me mee naar het zuiden?',
      'Tuinieren, koken en een goede serie. Ik ben een huismus, maar kom graag uit mijn hol voor de juiste persoon.',
      'Vrolijk, positief en een tikkeltje ondeugend. Durf jij het eerste bericht te sturen?',
      'Zin in flirten, lachen en zien waar het schip strandt. Niets moet, alles mag.',
      from(28, 'Ik heb een druk leven met mijn eigen zaak, maar voor de juiste persoon maak ik graag tijd.'),
      'Ik geniet van de kleine dingen: verse croissants op zondag, een zonsondergang, een goed gesprek.',
      'Actief in de natuur, rustig thuis. Op zoek naar balans en iemand om die mee te delen.',
      'Ik ben niet van de lange verhalen. Zeg gewoon hoi!',
      'Dansen is mijn uitlaatklep. Kun jij salsa, of wil je het leren?',
      'Technisch aangelegd, maar ook gevoelig. Ik repareer je fiets en luister daarna naar je verhaal.',
    ],
    female: [
      from(52, 'Weduwe, vitaal en levenslustig. Ik mis iemand om mee te lachen en samen op stap te gaan.'),
      'Ik zoek geen prins op het witte paard, gewoon iemand met een goed hart en een goede lach.',
      from(37, 'Moeder van twee tieners, dus ik kan tegen een stootje. Tijd voor iets leuks voor mezelf!'),
      'Mijn vriendinnen zeggen dat ik de gezelligste van de groep ben. Kom zelf maar kijken of dat klopt.',
    ],
    male: [
      from(33, 'Vader van een dochter van twaalf, gek op voetbal en barbecueën. Op zoek naar iemand om het leven mee te delen.'),
      from(52, 'Weduwnaar, maar zeker niet klaar met het leven. Ik fiets, wandel en kook graag voor twee.'),
      'Echte Brabander: gezellig, gastvrij en nooit te beroerd om een rondje te geven.',
      'Stoere buitenkant, zachte binnenkant. Volgens mijn zus ben ik een echte knuffelbeer.',
    ],
  },
  de: {
    any: [
      'Bodenständig, humorvoll und immer für ein Abenteuer zu haben. Ich suche jemanden, mit dem ich lachen und auch mal schweigen kann.',
      'Am Wochenende findet man mich in den Bergen oder auf dem Rad, unter der Woche beim Kochen mit viel zu viel Knoblauch.',
      'Ich bin neu hier und gespannt, wen ich kennenlerne. Kein Drama, einfach ehrliche Gespräche.',
      from(44, 'Geschieden, die Kinder sind schon groß, und jetzt habe ich endlich wieder Zeit für mich. Lust auf gemeinsame Ausflüge?'),
      'Kaffee am Morgen, Sport am Abend und dazwischen ganz viel Neugier auf das Leben.',
      'Ich reise gern, fotografiere leidenschaftlich und träume vom nächsten Roadtrip. Kommst du mit?',
      'Über mich selbst zu schreiben fällt mir schwer. Schreib mir einfach, dann erzähle ich dir mehr.',
      'Offen, ehrlich und ein bisschen frech. Wenn du Humor hast, verstehen wir uns bestimmt.',
      'Ich liebe Konzerte, Festivals und spontane Abende in der Stadt. Langweilig wird es mit mir nicht.',
      from(52, 'Verwitwet, aber das Leben geht weiter. Ich wünsche mir jemanden für lange Spaziergänge und gemütliche Abende.'),
      'Sportlich, ehrgeizig und trotzdem entspannt. Ein kühles Bier nach dem Training gehört für mich dazu.',
      'Ich suche nichts Kompliziertes. Ein nettes Date, ein Glas Wein und schauen, was passiert.',
      'Mein Herz schlägt für Musik, meine Füße fürs Tanzen. Wer traut sich mit mir auf die Tanzfläche?',
      'Ich bin eher ruhig, aber wenn ich jemanden mag, taue ich schnell auf.',
      'Ein Kuss im Regen steht noch auf meiner Liste. Vielleicht mit dir?',
      'Ich genieße das Leben in vollen Zügen: gutes Essen, schöne Orte und Menschen, die mich zum Lachen bringen.',
      'Frisch getrennt und offen für Neues. Gerne erst mal schreiben und dann auf einen Kaffee treffen.',
      'Natur, Yoga und ein gutes Buch – mehr brauche ich nicht zum Glücklichsein. Außer vielleicht dich.',
      'Lebensfroh, spontan und mit einem Hang zum Flirten. Trau dich und schreib mir!',
      'Nach der Arbeit bin ich gern mit dem Motorrad unterwegs. Der Platz hinten ist noch frei.',
      'Treu, zuverlässig und ein echter Familienmensch. Für den richtigen Menschen koche ich auch gerne mal groß auf.',
      'Skifahren im Winter, Baden im See im Sommer. Dazwischen Kino, Freunde und viel Kaffee.',
      'Kuscheln, lachen, reden bis spät in die Nacht – so stelle ich mir einen perfekten Abend vor.',
      'Ich interessiere mich für fast alles, von Geschichte bis Technik. Langweilige Gespräche gibt es mit mir nicht.',
      from(61, 'Pensioniert, aber kein bisschen müde. Wandern, Reisen und Tanzen halten mich jung.'),
      'Wenn du über dich selbst lachen kannst, haben wir schon etwas gemeinsam.',
    ],
    female: [
      'Hundemensch, Bücherwurm und leidenschaftliche Hobbyköchin. Ich suche jemanden mit Herz und Verstand.',
      'Frühaufsteherin, Sonnenanbeterin und Gelegenheits-Chaotin. Wer bringt die Croissants mit?',
      'Ich suche keinen Märchenprinzen, nur jemanden, der zuhört und mit mir die Welt ein bisschen schöner macht.',
      from(24, 'Als Krankenschwester kümmere ich mich den ganzen Tag um andere. Jetzt darf sich gern mal jemand um mich kümmern.'),
    ],
    male: [
      'Romantiker mit einem Faible für Kerzenlicht und gutes Essen. Klingt kitschig, ist aber so.',
      'Handwerker mit zwei linken Füßen beim Tanzen, aber goldenen Händen. Ich suche jemanden, mit dem man Pferde stehlen kann.',
      'Überzeugter Radfahrer, Hobbykoch und Frühaufsteher. Sonntags gibt es bei mir das beste Rührei der Stadt.',
      'Ruhiger Typ mit trockenem Humor. Meine Freunde sagen, ich sei ein guter Zuhörer.',
    ],
  },
  it: {
    any: [
      "Amo cucinare per gli amici e ballare fino a tardi. Se ti piace la pasta fatta in casa, andremo d'accordo.",
      'Descrivermi non è il mio forte. Scrivimi e scopriamolo insieme.',
      'Un caffè al bar, una passeggiata in riva al mare e una bella chiacchierata. Le cose semplici sono le migliori.',
      'Cerco una persona sincera, senza giochetti. Il resto lo scopriremo strada facendo.',
      'La vita è troppo breve per bere vino cattivo. Brindiamo insieme?',
      'Amo gli animali, soprattutto il mio cane, che ha un caratteraccio. E tu come sei?',
      "Ho voglia di leggerezza, di flirtare un po' e di vedere dove ci porta.",
      'Lavoro tanto, ma il sabato sera è sacro: aperitivo, musica e buona compagnia.',
      'Prendo la vita con il sorriso e cerco qualcuno che faccia lo stesso.',
      'Amo la natura, lo yoga e i libri. Cerco qualcuno che sappia apprezzare anche i silenzi.',
      'Un abbraccio sincero vale più di mille parole. Ne hai uno per me?',
      "Mare d'estate, sci d'inverno e tanta voglia di vivere tutto l'anno.",
      "Mi piace la musica dal vivo, il cinema d'autore e chi sa farmi ridere.",
      'Amo il calcio, la pizza del sabato e le domeniche senza sveglia.',
      'Un bacio sotto le stelle è ancora nella mia lista dei desideri.',
      'Cerco complicità, rispetto e tante risate. Se ti ritrovi in queste parole, scrivimi.',
      'Adoro viaggiare zaino in spalla e scoprire posti nuovi. La prossima meta la scegliamo insieme?',
      'Ho un debole per i mercatini, le trattorie di paese e le gite fuori porta.',
      'Nella vita ho imparato che la gentilezza conta più di tutto. Il resto si costruisce.',
      'Tanta voglia di conoscere gente nuova, senza fretta e senza pretese.',
      "Un po' di tango, un po' di jazz e tanta voglia di innamorarmi ancora.",
      'La serata perfetta? Cena a casa, un buon film e due chiacchiere sul divano.',
      "Ogni weekend una gita diversa: lago, montagna o città d'arte. Mi accompagni?",
    ],
    female: [
      'Solare, curiosa e sempre pronta a partire. Cerco qualcuno con cui condividere viaggi, risate e buon cibo.',
      from(44, "Separata, con due figli ormai grandi. Ora è il momento di pensare un po' a me."),
      'Romantica fino al midollo: cene a lume di candela, tramonti e messaggi del buongiorno.',
      "Timida all'inizio, ma poi non smetto più di parlare. Dammi una possibilità!",
      "Mi definiscono solare e un po' pazza. Curiosa di tutto, dalla storia dell'arte alla tecnologia.",
      "Sono nuova qui e un po' emozionata. Facciamo due chiacchiere?",
      'Non cerco il principe azzurro, mi basta una persona gentile che sappia cucinare almeno la carbonara.',
    ],
    male: [
      "Sportivo, ambizioso e un po' testardo. Nel weekend mi trovi in montagna o in bici.",
      'Appassionato di moto e di viaggi on the road. Il posto dietro è libero.',
      from(61, 'Vedovo, pensionato e pieno di energia. Mi piacerebbe conoscere qualcuno con cui passeggiare e andare a teatro.'),
      "Sono un tipo tranquillo, affidabile e con un'ironia tutta mia.",
      'Appena tornato single, nessuna fretta. Mi piacerebbe conoscere persone nuove e vedere cosa nasce.',
      'Fotografo per passione, viaggiatore per vocazione. Cerco compagnia per le mie prossime avventure.',
    ],
  },
  fr: {
    any: [
      "Parler de moi, ce n'est pas mon fort. Le mieux, c'est d'en discuter autour d'un verre.",
      "J'aime les soirées entre amis et les concerts en plein air, mais aussi les dimanches tranquilles.",
      'Un café en terrasse, un bon livre et du soleil : mon bonheur tient à peu de choses.',
      'Je voyage dès que je peux. Mon prochain rêve : un road trip au Portugal. Ça te tente ?',
      "J'aime rire et faire rire. L'honnêteté et la fidélité, pour moi, ce n'est pas négociable.",
      "Pas de prise de tête, juste l'envie de rencontrer quelqu'un de sympa et de voir où ça mène.",
      "J'ai un faible pour les gens drôles et les chats un peu caractériels.",
      'Je cuisine mieux que je ne chante, heureusement pour mes voisins.',
      'Envie de flirter, de papoter et pourquoi pas plus si affinités.',
      'Un câlin, un film et une soirée sous la couette : ma définition du dimanche parfait.',
      'La vie est trop courte pour les relations compliquées. Soyons simples et sincères.',
      "Les couchers de soleil sur la plage, c'est encore mieux à deux.",
      "Yoga le matin, apéro le soir : l'équilibre parfait n'existe pas, mais j'essaie.",
      "Un baiser volé sous la pluie, c'est encore sur ma liste. Avis aux amateurs.",
      "La montagne l'hiver, l'océan l'été, et toute l'année l'envie de partager de bons moments.",
      'Je crois encore aux belles histoires, celles qui commencent par un simple message.',
      "Musique, cinéma, balades en forêt : j'aime les choses simples partagées avec les bonnes personnes.",
      'Du matin, fan de brunchs et de marchés. Je te laisse deviner le reste.',
      "Je cherche une vraie complicité, des fous rires et quelqu'un sur qui compter.",
      "J'adore danser, surtout la salsa. Tu ne sais pas ? Je t'apprends !",
      "Fraîchement célibataire, je prends mon temps. Discutons d'abord, on verra ensuite.",
      'Fan de foot, de barbecues et de soirées entre potes. Mais je sais aussi être romantique.',
    ],
    female: [
      "Souriante, curieuse et toujours partante pour un bon resto. Je cherche quelqu'un avec qui partager des fous rires.",
      from(44, "Divorcée, deux grands enfants, et l'envie de profiter à nouveau de la vie."),
      "Sportive et pleine d'énergie, je cherche quelqu'un qui aime bouger autant que moi.",
      'Nouvelle ici, un peu timide, mais très curieuse de faire de belles rencontres.',
      from(61, "Retraitée dynamique, j'adore le théâtre, les expositions et les voyages en bonne compagnie."),
      "Je ne cherche pas le prince charmant, juste quelqu'un d'attentionné avec de l'humour.",
    ],
    male: [
      "Amoureux de la montagne et des bons vins. Si tu aimes les randonnées suivies d'une raclette, on va s'entendre.",
      "Grand romantique, j'aime les dîners aux chandelles et les balades au bord de l'eau.",
      from(50, "Veuf depuis quelques années, je suis prêt à ouvrir un nouveau chapitre. J'aime le jardinage, la cuisine et les vieux films."),
      "Ingénieur la semaine, photographe amateur le week-end. Je cherche quelqu'un pour explorer de nouveaux horizons.",
      "Motard dans l'âme, j'ai toujours un deuxième casque pour une balade improvisée.",
      'Un peu geek, très gourmand et toujours curieux. Viens me parler de ton film préféré.',
      'Bon vivant : les marchés du dimanche, les fromages qui ont du caractère et les longues tablées.',
    ],
  },
  es: {
    any: [
      'Me encanta viajar, la playa y una buena paella los domingos. ¿Te apuntas?',
      'No se me da muy bien hablar de mí. Mejor escríbeme y lo descubres.',
      'Busco algo sencillo: buena conversación, complicidad y ver adónde nos lleva.',
      'La vida es demasiado corta para el mal vino y las conversaciones aburridas.',
      'Amante de los perros, del café y de las siestas largas. Lo normal, vamos.',
      'Me gusta coquetear, reír y dejarme sorprender. ¿Me sorprendes tú?',
      'Me encantan los conciertos, los festivales de verano y las noches que acaban al amanecer.',
      'Un abrazo a tiempo lo arregla casi todo. ¿Quieres comprobarlo?',
      'Yoga por la mañana, vermut por la tarde. El equilibrio es importante.',
      'Acabo de salir de una relación larga y me lo tomo con calma. Primero charlamos y luego ya veremos.',
      'Me apasionan la historia, los museos y perderme por pueblos con encanto.',
      'Un beso bajo las estrellas sigue en mi lista de pendientes.',
      'Disfruto de las pequeñas cosas: un café en una terraza, un buen libro, el olor a mar.',
      'Trabajo mucho, pero cuando desconecto, desconecto de verdad. Busco compañía para escapadas de fin de semana.',
      'Con sentido del humor, algo friki y con mucha curiosidad. Hablemos de series, de ciencia o de lo que quieras.',
      'Me gusta la gente auténtica, las sobremesas largas y las conversaciones que se alargan hasta tarde.',
      'Montaña en invierno, mar en verano y ganas de vivir todo el año.',
      'Si te gusta bailar, cocinar juntos y reírte de ti mismo, ya tenemos mucho en común.',
      'Soy de planes improvisados: hoy una ruta en bici, mañana un concierto.',
      'Creo en la sinceridad, en el respeto y en las segundas oportunidades.',
      'Nada de dramas. Busco a alguien con quien compartir risas, tapas y buenos momentos.',
    ],
    female: [
      'Alegre, sociable y siempre con ganas de planes nuevos. Busco a alguien con quien compartir risas y buenas cenas.',
      from(44, 'Divorciada, con dos hijos ya mayores y con muchas ganas de volver a ilusionarme.'),
      'Bailar salsa es mi terapia. Si no sabes, te enseño encantada.',
      'Tímida al principio, pero cuando cojo confianza no hay quien me calle.',
      'Fotógrafa aficionada y viajera empedernida. Mi mochila siempre está medio hecha.',
      'No busco un príncipe azul, solo a alguien sincero que sepa escuchar.',
      'Tranquila, cariñosa y muy familiar. Busco una relación seria con alguien que valore lo mismo.',
      'Nueva por aquí. Con ganas de conocer a alguien especial, sin prisas y sin juegos.',
    ],
    male: [
      'Deportista, trabajador y un poco cabezota. Los fines de semana me pierdo en la montaña.',
      'Soy romántico de los de antes: flores, cenas con velas y paseos al atardecer.',
      from(61, 'Viudo, jubilado y con muchas ganas de vivir. Me gusta caminar, cocinar y el buen teatro.'),
      'Recién llegado a la ciudad y con ganas de conocer gente maja.',
      'Futbolero y buen cocinero: dicen que mi tortilla de patatas enamora.',
      'Motero de corazón. El asiento de atrás está libre para la próxima ruta.',
    ],
  },
  pl: {
    any: [
      'W weekendy najczęściej w górach albo na rowerze. W tygodniu praca, kawa i dobra książka.',
      'Nie umiem pisać o sobie. Napisz, to opowiem więcej.',
      'Lubię gotować, zwłaszcza dla kogoś, kto doceni domowe pierogi.',
      'Szukam kogoś normalnego, z poczuciem humoru i bez gierek. Czy to tak wiele?',
      'Kocham podróże, fotografię i zapach kawy o poranku. Może następną wyprawę zaplanujemy razem?',
      'Lubię flirtować, żartować i sprawdzać, dokąd to nas zaprowadzi.',
      'Życie jest za krótkie na nudne rozmowy i kiepskie wino.',
      'Przytulanie, dobry film i herbata z cytryną – tak wygląda mój idealny wieczór.',
      'Uwielbiam tańczyć i śpiewać, choć sąsiedzi chyba nie podzielają mojego entuzjazmu.',
      'Pocałunek w deszczu wciąż jest na mojej liście marzeń.',
      'Interesuję się historią, technologią i dobrą kuchnią. Nudy ze mną nie będzie.',
      'Joga rano, kino wieczorem, a pomiędzy dużo kawy.',
      'Morze latem, narty zimą, a przez cały rok chęć do życia.',
      'Cenię drobne rzeczy: świeże bułki w niedzielę, zachód słońca i szczerą rozmowę.',
      'Szukam iskry. Jeśli z tego wyjdzie coś więcej, tym lepiej.',
      'Najpierw rozmowa, potem kawa, a dalej zobaczymy. Bez pośpiechu.',
      'Pies, rower i las – to mój przepis na udany weekend.',
      'Lubię ludzi z pasją i dystansem do siebie. Resztę dogadamy przy kawie.',
      'Koncerty, festiwale i spontaniczne wyjazdy nad morze. Dołączysz?',
      'Cenię szczerość, szacunek i dobre poczucie humoru. Reszta przyjdzie sama.',
      'Po pracy siłownia albo basen, a w weekend góry. Szukam kogoś, kto lubi ruch.',
      'Marzy mi się wspólne gotowanie, wino na balkonie i rozmowy do rana.',
      'Pracuję dużo, ale weekendy są święte. Szukam towarzystwa do wypadów za miasto.',
    ],
    female: [
      'Uśmiechnięta, ciekawa świata i zawsze gotowa na spontaniczny wypad. Szukam kogoś, z kim można się pośmiać i pomilczeć.',
      from(44, 'Rozwiedziona, dzieci już dorosłe, a ja w końcu mam czas dla siebie. Chętnie poznam kogoś ciepłego i szczerego.'),
      'Na początku trochę nieśmiała, ale jak się rozkręcę, trudno mnie zatrzymać.',
      'Psiara, kociara i miłośniczka długich spacerów po lesie.',
      'Nie szukam księcia z bajki, tylko kogoś z dobrym sercem i poczuciem humoru.',
      'Jestem tu nowa i trochę się stresuję. Napisz coś miłego na dobry początek.',
      'Ciepła, rodzinna i trochę sentymentalna. Szukam poważnego związku z kimś, kto wie, czego chce.',
    ],
    male: [
      'Romantyk w starym stylu: kwiaty, kolacja przy świecach i spacery o zachodzie słońca.',
      'Jestem spokojny, słowny i rodzinny. Szczerość cenię ponad wszystko.',
      from(61, 'Wdowiec, emeryt, ale energii mam za dwóch. Lubię taniec, działkę i dobre towarzystwo.'),
      'Sportowiec z zamiłowania, kibic z urodzenia. Po meczu chętnie na piwo i dobrą rozmowę.',
      'Motocykl, góry i wolność. Miejsce z tyłu czeka na kogoś odważnego.',
      'Niedawno znów singiel, bez pośpiechu. Najpierw rozmowa, a potem zobaczymy.',
      'Jestem bezpośredni: lubię ludzi pewnych siebie i z pięknym uśmiechem.',
    ],
  },
};

const textOf = (about: About): string => (typeof about === 'string' ? about : about.text);
const fitsAge = (about: About, age: number): boolean => typeof about === 'string' || (age >= about.min && age <= about.max);

/** Every about text per language; use aboutTextsFor() to respect the writer's gender and age. */
export const ABOUT_TEXTS: Record<AboutLanguage, string[]> = Object.fromEntries(
  ABOUT_LANGUAGES.map((lng) => {
    const groups = [ABOUT[lng], MORE_ABOUT[lng]];
    return [lng, groups.flatMap((g) => [...g.any, ...g.female, ...g.male]).map(textOf)];
  }),
) as Record<AboutLanguage, string[]>;

/** The about texts a man or a woman of this age could have written (grammatical gender agrees). */
export function aboutTextsFor(language: AboutLanguage, gender: DemoGender, age = 35): string[] {
  return [ABOUT[language], MORE_ABOUT[language]]
    .flatMap((groups) => [...groups.any, ...groups[gender]])
    .filter((about) => fitsAge(about, age))
    .map(textOf);
}

// ---------------------------------------------------------------------------------------------
// Interests: slug, then the label in en, nl, de, it, fr, es, pl

type Labels = [en: string, nl: string, de: string, it: string, fr: string, es: string, pl: string];

const INTEREST_TABLE: [slug: string, labels: Labels][] = [
  ['relationship', ['Relationship', 'Relatie', 'Beziehung', 'Relazione', 'Relation', 'Relación', 'Związek']],
  ['romance', ['Romance', 'Romantiek', 'Romantik', 'Romanticismo', 'Romantisme', 'Romanticismo', 'Romantyczność']],
  ['flirting', ['Flirting', 'Flirten', 'Flirten', 'Flirt', 'Flirt', 'Coqueteo', 'Flirt']],
  ['kissing', ['Kissing', 'Zoenen', 'Küssen', 'Baci', 'Bisous', 'Besos', 'Całowanie']],
  ['cuddling', ['Cuddling', 'Knuffelen', 'Kuscheln', 'Coccole', 'Câlins', 'Mimos', 'Przytulanie']],
  ['massage', ['Massage', 'Massage', 'Massage', 'Massaggi', 'Massages', 'Masajes', 'Masaż']],
  ['sex', ['Sex', 'Seks', 'Sex', 'Sesso', 'Sexe', 'Sexo', 'Seks']],
  ['onenightstand', ['One-night stand', 'One-night-stand', 'One-Night-Stand', 'Avventura di una notte', "Aventure d'un soir", 'Rollo de una noche', 'Przygoda na jedną noc']],
  ['music', ['Music', 'Muziek', 'Musik', 'Musica', 'Musique', 'Música', 'Muzyka']],
  ['concerts', ['Concerts', 'Concerten', 'Konzerte', 'Concerti', 'Concerts', 'Conciertos', 'Koncerty']],
  ['festivals', ['Festivals', 'Festivals', 'Festivals', 'Festival', 'Festivals', 'Festivales', 'Festiwale']],
  ['dancing', ['Dancing', 'Dansen', 'Tanzen', 'Ballo', 'Danse', 'Baile', 'Taniec']],
  ['movies', ['Movies', 'Films', 'Filme', 'Film', 'Cinéma', 'Cine', 'Filmy']],
  ['theatre', ['Theatre', 'Theater', 'Theater', 'Teatro', 'Théâtre', 'Teatro', 'Teatr']],
  ['art', ['Art', 'Kunst', 'Kunst', 'Arte', 'Art', 'Arte', 'Sztuka']],
  ['photography', ['Photography', 'Fotografie', 'Fotografie', 'Fotografia', 'Photographie', 'Fotografía', 'Fotografia']],
  ['reading', ['Reading', 'Lezen', 'Lesen', 'Lettura', 'Lecture', 'Lectura', 'Czytanie']],
  ['history', ['History', 'Geschiedenis', 'Geschichte', 'Storia', 'Histoire', 'Historia', 'Historia']],
  ['science', ['Science', 'Wetenschap', 'Wissenschaft', 'Scienza', 'Sciences', 'Ciencia', 'Nauka']],
  ['technology', ['Technology', 'Technologie', 'Technik', 'Tecnologia', 'Technologie', 'Tecnología', 'Technologia']],
  ['gaming', ['Gaming', 'Gamen', 'Gaming', 'Videogiochi', 'Jeux vidéo', 'Videojuegos', 'Gry']],
  ['travelling', ['Travelling', 'Reizen', 'Reisen', 'Viaggi', 'Voyages', 'Viajar', 'Podróże']],
  ['adventure', ['Adventure', 'Avontuur', 'Abenteuer', 'Avventura', 'Aventure', 'Aventura', 'Przygoda']],
  ['beach', ['Beach', 'Strand', 'Strand', 'Spiaggia', 'Plage', 'Playa', 'Plaża']],
  ['nature', ['Nature', 'Natuur', 'Natur', 'Natura', 'Nature', 'Naturaleza', 'Przyroda']],
  ['hiking', ['Hiking', 'Wandelen', 'Wandern', 'Escursionismo', 'Randonnée', 'Senderismo', 'Wędrówki']],
  ['gardening', ['Gardening', 'Tuinieren', 'Gärtnern', 'Giardinaggio', 'Jardinage', 'Jardinería', 'Ogrodnictwo']],
  ['dogs', ['Dogs', 'Honden', 'Hunde', 'Cani', 'Chiens', 'Perros', 'Psy']],
  ['cats', ['Cats', 'Katten', 'Katzen', 'Gatti', 'Chats', 'Gatos', 'Koty']],
  ['cooking', ['Cooking', 'Koken', 'Kochen', 'Cucinare', 'Cuisine', 'Cocinar', 'Gotowanie']],
  ['food', ['Good food', 'Lekker eten', 'Gutes Essen', 'Buon cibo', 'Bonne cuisine', 'Buena comida', 'Dobre jedzenie']],
  ['brunch', ['Brunch', 'Brunchen', 'Brunch', 'Brunch', 'Brunch', 'Brunch', 'Brunch']],
  ['coffee', ['Coffee', 'Koffie', 'Kaffee', 'Caffè', 'Café', 'Café', 'Kawa']],
  ['wine', ['Wine', 'Wijn', 'Wein', 'Vino', 'Vin', 'Vino', 'Wino']],
  ['beer', ['Beer', 'Bier', 'Bier', 'Birra', 'Bière', 'Cerveza', 'Piwo']],
  ['cocktails', ['Cocktails', 'Cocktails', 'Cocktails', 'Cocktail', 'Cocktails', 'Cócteles', 'Koktajle']],
  ['fitness', ['Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness']],
  ['yoga', ['Yoga', 'Yoga', 'Yoga', 'Yoga', 'Yoga', 'Yoga', 'Joga']],
  ['running', ['Running', 'Hardlopen', 'Laufen', 'Corsa', 'Course à pied', 'Correr', 'Bieganie']],
  ['cycling', ['Cycling', 'Fietsen', 'Radfahren', 'Ciclismo', 'Vélo', 'Ciclismo', 'Jazda na rowerze']],
  ['swimming', ['Swimming', 'Zwemmen', 'Schwimmen', 'Nuoto', 'Natation', 'Natación', 'Pływanie']],
  ['football', ['Football', 'Voetbal', 'Fußball', 'Calcio', 'Football', 'Fútbol', 'Piłka nożna']],
  ['tennis', ['Tennis', 'Tennis', 'Tennis', 'Tennis', 'Tennis', 'Tenis', 'Tenis']],
  ['skiing', ['Skiing', 'Skiën', 'Skifahren', 'Sci', 'Ski', 'Esquí', 'Narciarstwo']],
  ['fashion', ['Fashion', 'Mode', 'Mode', 'Moda', 'Mode', 'Moda', 'Moda']],
  ['shopping', ['Shopping', 'Shoppen', 'Shopping', 'Shopping', 'Shopping', 'Compras', 'Zakupy']],
  ['cars', ['Cars', "Auto's", 'Autos', 'Auto', 'Voitures', 'Coches', 'Samochody']],
  ['motorbikes', ['Motorbikes', 'Motoren', 'Motorräder', 'Moto', 'Moto', 'Motos', 'Motocykle']],
  ['spirituality', ['Spirituality', 'Spiritualiteit', 'Spiritualität', 'Spiritualità', 'Spiritualité', 'Espiritualidad', 'Duchowość']],
  ['volunteering', ['Volunteering', 'Vrijwilligerswerk', 'Ehrenamt', 'Volontariato', 'Bénévolat', 'Voluntariado', 'Wolontariat']],
];

/** Exactly 50 interest slugs, as stored on profiles. */
export const INTERESTS: string[] = INTEREST_TABLE.map(([slug]) => slug);

function labelsIn(index: number): Record<string, string> {
  return Object.fromEntries(INTEREST_TABLE.map(([slug, labels]) => [slug, labels[index] ?? slug]));
}

/** Display label of every interest slug, per language. */
export const INTEREST_LABELS: Record<AboutLanguage, Record<string, string>> = {
  en: labelsIn(0),
  nl: labelsIn(1),
  de: labelsIn(2),
  it: labelsIn(3),
  fr: labelsIn(4),
  es: labelsIn(5),
  pl: labelsIn(6),
};
