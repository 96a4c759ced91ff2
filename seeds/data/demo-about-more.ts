// More about texts, written for particular ages (students, parents, people starting over at 50)
// and of every length, from one line to a short paragraph, so the demo site reads like real people.
import { between, from, upTo, type AboutGroups } from './about-kinds.js';
import type { AboutLanguage } from './demo-people.js';

export const MORE_ABOUT: Record<AboutLanguage, AboutGroups> = {
  en: {
    any: [
      upTo(27, 'Final year at uni, part-time barista, full-time overthinker. Teach me your favourite card game?'),
      upTo(30, "First flat of my own, one very judgemental cat and a record player I'm still learning to use. Looking for someone to share takeaway and bad films with."),
      between(28, 45, "Work in IT, which mostly means I'm the one who fixes the Wi-Fi at parties. Away from the screen: climbing, cooking and weekends by the sea."),
      between(30, 50, "I've got a busy job and a calm home life, and I'd like someone to share the calm bit with. Coffee first?"),
      from(45, "Kids have flown the nest, the garden is finally under control and I've rediscovered dancing. Now I'd like someone to go out for dinner with again."),
      from(50, "Still young enough to try new things, old enough to know what matters. Honesty, warmth and a good laugh, in that order."),
      'Tea, not coffee.',
      'Ask me about the time I got lost in Lisbon.',
      "I'm better in person than in a bio. Promise.",
      "Fluent in sarcasm, learning Spanish. Looking for someone who'll laugh at both.",
    ],
    female: [
      between(25, 45, "Primary school teacher, so I have the patience of a saint and a handbag full of plasters. Looking for a grown-up who still knows how to play."),
      from(48, 'Widowed three years ago. My friends say it is time, and I think they are right. I love the theatre, my grandchildren and long lunches.'),
    ],
    male: [
      between(26, 45, "Electrician, five-a-side on Thursdays and a decent cook on Sundays. I'm looking for someone genuine, no games."),
      from(50, "Recently retired from the fire service and not one for sitting still. Walking, fishing and a pint in a proper pub. Fancy joining me?"),
    ],
  },
  nl: {
    any: [
      upTo(27, 'Student in Utrecht, bijbaantje in de horeca en altijd in voor een spelletjesavond. Wie daagt me uit?'),
      upTo(30, 'Net mijn eerste eigen huis gekocht (lees: een kast aan de rand van de stad). Wie komt de housewarming opvrolijken?'),
      between(28, 46, 'Ik werk in de zorg en weet dus wat belangrijk is: aandacht, humor en af en toe een goed bord stamppot.'),
      from(45, 'De kinderen zijn groot, het huis is stil en ik heb weer tijd voor mezelf. Zin in een wandeling en een kop koffie?'),
      from(55, 'Met pensioen, maar niet stilgezeten. Ik fiets, schilder en reis graag. Het mooiste is het samen met iemand te doen.'),
      'Liever een goed gesprek dan een perfect profiel.',
      'Koffie? Ik trakteer.',
      'Zeiler in de zomer, schaatser in de winter (als het een keer vriest). Daartussen veel lezen en te veel kaas.',
    ],
    female: [
      between(26, 45, 'Juf in groep drie, dus geduld heb ik genoeg. Ik zoek een leuke man die ook buiten het klaslokaal een beetje kind is gebleven.'),
    ],
    male: [
      between(25, 48, 'Timmerman met een zwak voor jazz. Ik bouw graag dingen, ook relaties. Laten we gewoon beginnen met een biertje.'),
    ],
  },
  de: {
    any: [
      upTo(27, 'Studium fast geschafft, WG-Küche voller Pflanzen und immer für einen Spieleabend zu haben. Wer fordert mich heraus?'),
      upTo(30, 'Erste eigene Wohnung, ein etwas eigensinniger Kater und viel zu viele Konzerttickets. Kommst du mit zum nächsten?'),
      between(28, 46, 'Ich arbeite im Marketing und plane beruflich alles. Privat darf es gern spontan sein: Städtetrip, Biergarten, Sonnenaufgang am See.'),
      from(45, 'Die Kinder sind aus dem Haus, der Garten blüht und ich habe wieder Zeit für mich. Jetzt fehlt nur noch jemand für lange Sonntagsfrühstücke.'),
      from(55, 'Im Ruhestand, aber voller Pläne: Radtouren an der Donau, Theater und gutes Essen. Zu zweit macht das alles mehr Spaß.'),
      'Lieber ein echtes Gespräch als ein perfektes Profil.',
      'Kaffee? Ich lade dich ein.',
      'Nordsee statt Mallorca, Buch statt Serie, Gespräch statt Smalltalk.',
    ],
    female: [
      between(26, 46, 'Grundschullehrerin mit viel Geduld und noch mehr Humor. Ich suche einen Mann, der zuhören kann und trotzdem nicht langweilig ist.'),
      from(48, 'Seit ein paar Jahren allein und jetzt bereit für etwas Neues. Ich liebe Wanderungen, Konzerte und meine Enkelin.'),
    ],
    male: [
      between(25, 48, 'Schreiner aus Leidenschaft. Ich baue gern Dinge, die halten. Vielleicht ja auch etwas mit dir.'),
      from(50, 'Seit Kurzem im Vorruhestand und endlich Zeit für Reisen. Ich suche eine Frau mit Lebensfreude und Sinn für Humor.'),
    ],
  },
  it: {
    any: [
      upTo(27, "Ultimo anno di università, lavoro il weekend in un bar e il resto del tempo lo passo a organizzare viaggi che non faccio mai. Aiutami a partire davvero!"),
      between(28, 46, 'Lavoro in ospedale e ho orari impossibili, ma per un buon caffè e una bella chiacchierata il tempo lo trovo sempre.'),
      from(45, "I figli sono grandi, la casa è tranquilla e io ho di nuovo voglia di uscire. Una cena, un film, poi vediamo."),
      from(55, 'In pensione da poco e con tanti progetti: viaggi, orto e finalmente un corso di ballo. Mi manca solo la persona giusta.'),
      'Meglio un messaggio sincero di mille frasi fatte.',
      'Caffè? Offro io.',
    ],
    female: [
      upTo(30, "Appena trasferita in città per lavoro e ancora un po' spaesata. Mi fai da guida?"),
      between(26, 46, 'Maestra elementare, paziente e solare. Cerco un uomo che sappia ascoltare e che ami ridere.'),
    ],
    male: [
      upTo(30, 'Appena trasferito in città per lavoro. Cerco qualcuno che mi faccia scoprire i posti migliori.'),
      between(25, 48, "Falegname con la passione per il jazz. Costruisco cose che durano e spero di costruire anche qualcosa con te."),
    ],
  },
  fr: {
    any: [
      upTo(27, "Dernière année de fac, petit boulot dans un café et beaucoup trop de plantes dans mon studio. Une soirée jeux, ça te tente ?"),
      between(28, 46, "Je travaille à l'hôpital avec des horaires impossibles, mais pour un bon café et une vraie discussion, je trouve toujours le temps."),
      from(45, 'Les enfants ont quitté la maison et je redécouvre le plaisir de sortir. Un dîner, une expo, une balade ? Je dis oui.'),
      'Mieux vaut un message sincère qu’un profil parfait.',
      'Un café ? C’est moi qui offre.',
    ],
    female: [
      upTo(30, 'Fraîchement installée en ville pour le travail. Tu me fais découvrir tes adresses préférées ?'),
      from(55, "Jeune retraitée et pleine de projets : voyages, jardin et enfin des cours de danse. Il ne me manque que quelqu'un pour les partager."),
      between(26, 46, "Institutrice, patiente et souriante. Je cherche un homme attentionné qui n'a pas peur de rire de lui-même."),
    ],
    male: [
      upTo(30, 'Tout juste arrivé en ville pour le boulot. Qui veut me montrer les meilleurs coins ?'),
      from(55, "Jeune retraité et plein de projets : voyages, jardin et enfin des cours de danse. Il ne me manque que quelqu'un pour les partager."),
      between(25, 48, "Menuisier passionné de jazz. Je construis des choses solides, pourquoi pas une belle histoire avec toi."),
    ],
  },
  es: {
    any: [
      upTo(27, 'Último año de carrera, trabajo los findes en una cafetería y colecciono planes de viaje. ¿Me ayudas a cumplir alguno?'),
      between(28, 46, 'Trabajo en un hospital con horarios imposibles, pero para un buen café y una buena charla siempre saco tiempo.'),
      from(45, 'Los hijos ya volaron del nido y he vuelto a disfrutar de salir. ¿Una cena, una exposición, un paseo? Me apunto.'),
      'Mejor un mensaje sincero que un perfil perfecto.',
      '¿Un café? Invito yo.',
    ],
    female: [
      upTo(30, 'Recién llegada a la ciudad por trabajo. ¿Me enseñas tus sitios favoritos?'),
      from(55, 'Recién jubilada y con muchos planes: viajar, el huerto y por fin clases de baile. Solo me falta con quién compartirlos.'),
      between(26, 46, 'Maestra de primaria, paciente y risueña. Busco a un hombre atento que sepa reírse de sí mismo.'),
    ],
    male: [
      upTo(30, 'Recién llegado a la ciudad por trabajo. ¿Quién me enseña los mejores rincones?'),
      from(55, 'Recién jubilado y con muchos planes: viajar, el huerto y por fin clases de baile. Solo me falta con quién compartirlos.'),
      between(25, 48, 'Carpintero y amante del jazz. Construyo cosas que duran; ojalá también algo bonito contigo.'),
    ],
  },
  pl: {
    any: [
      upTo(27, 'Ostatni rok studiów, weekendy w kawiarni za barem i mnóstwo planów podróży. Pomożesz mi któryś zrealizować?'),
      between(28, 46, 'Pracuję w szpitalu i mam szalony grafik, ale na dobrą kawę i szczerą rozmowę zawsze znajdę czas.'),
      from(45, 'Dzieci dorosły, w domu cisza, a ja znów mam ochotę wychodzić. Kolacja, kino, spacer? Chętnie.'),
      'Lepsza szczera wiadomość niż idealny profil.',
      'Kawa? Ja stawiam.',
    ],
    female: [
      upTo(30, 'Niedawno przeprowadziłam się do miasta do pracy. Pokażesz mi swoje ulubione miejsca?'),
      between(26, 46, 'Nauczycielka w podstawówce, cierpliwa i uśmiechnięta. Szukam mężczyzny, który umie słuchać i śmiać się z siebie.'),
      from(55, 'Od niedawna na emeryturze i pełna planów: podróże, działka i wreszcie kurs tańca. Brakuje mi tylko kogoś do towarzystwa.'),
    ],
    male: [
      upTo(30, 'Niedawno przeprowadziłem się do miasta do pracy. Kto pokaże mi najlepsze miejsca?'),
      between(25, 48, 'Stolarz z zawodu, fan jazzu z wyboru. Buduję rzeczy, które przetrwają. Może zbudujemy coś razem?'),
      from(55, 'Od niedawna na emeryturze i pełen planów: podróże, działka i wreszcie kurs tańca. Brakuje mi tylko kogoś do towarzystwa.'),
    ],
  },
};
