// Who lives in each demo country: communities with their share, the language they write their
// profile in, first names and a heritage (which the picture generator uses for skin, hair and eyes).
// Name lists run roughly from names popular today to names of older generations, so a 25-year-old
// is more often a "Finn" and a 58-year-old more often a "Jürgen" (see demo-profile.ts).
import type { AboutLanguage, DemoCountry } from './demo-people.js';

/** Broad looks for the demo pictures; not shown anywhere. */
export type Heritage =
  | 'north-european'
  | 'south-european'
  | 'african'
  | 'middle-eastern'
  | 'south-asian'
  | 'east-asian'
  | 'latin'
  | 'polynesian';

export interface Community {
  weight: number;
  language: AboutLanguage;
  heritage: Heritage;
  male: string[];
  female: string[];
}

const community = (weight: number, language: AboutLanguage, heritage: Heritage, male: string[], female: string[]): Community => ({
  weight, language, heritage, male, female,
});

// Names shared by several countries' communities.
const MAGHREB = {
  male: ['Adam', 'Rayan', 'Ilyas', 'Yassin', 'Amine', 'Bilal', 'Hamza', 'Mehdi', 'Karim', 'Youssef', 'Nabil', 'Rachid', 'Mohammed', 'Mustafa', 'Abdel'],
  female: ['Nour', 'Lina', 'Yasmina', 'Imane', 'Ines', 'Sara', 'Samira', 'Nadia', 'Soumaya', 'Leila', 'Khadija', 'Fatima', 'Naima', 'Malika'],
};
const TURKISH = {
  male: ['Emir', 'Yusuf', 'Deniz', 'Emre', 'Can', 'Kerem', 'Burak', 'Serkan', 'Murat', 'Mehmet', 'Hakan', 'Osman', 'Ahmet'],
  female: ['Elif', 'Zeynep', 'Ecem', 'Melis', 'Selin', 'Merve', 'Büşra', 'Esra', 'Derya', 'Sibel', 'Ayşe', 'Emine', 'Hatice'],
};
const VIETNAMESE_CHINESE = {
  male: ['Kevin', 'Minh', 'Duc', 'Long', 'Wei', 'Jun', 'Thanh', 'Hao', 'Quang', 'Hung'],
  female: ['Linh', 'Mai', 'Mei', 'Lan', 'Thu', 'Vy', 'Jia', 'Hoa', 'Ngoc', 'Xiu'],
};

export const COMMUNITIES: Record<DemoCountry, Community[]> = {
  NL: [
    community(78, 'nl', 'north-european',
      ['Daan', 'Sem', 'Levi', 'Finn', 'Milan', 'Luuk', 'Bram', 'Thijs', 'Jesse', 'Ruben', 'Stijn', 'Lars', 'Tim', 'Niels', 'Koen', 'Rick', 'Bas', 'Jasper', 'Wouter', 'Sander', 'Martijn', 'Jeroen', 'Dennis', 'Maarten', 'Joost', 'Erik', 'Pieter', 'Hans', 'Kees', 'Gerard'],
      ['Emma', 'Tess', 'Noor', 'Fleur', 'Lotte', 'Sanne', 'Lieke', 'Roos', 'Floor', 'Maud', 'Iris', 'Femke', 'Anouk', 'Eva', 'Lisa', 'Sara', 'Marieke', 'Esther', 'Ilse', 'Judith', 'Annemiek', 'Mirjam', 'Linda', 'Monique', 'Ingrid', 'Wilma', 'Marjolein', 'Hennie']),
    community(10, 'nl', 'middle-eastern', [...MAGHREB.male.slice(0, 11), 'Emre', 'Mehmet', 'Murat'], [...MAGHREB.female.slice(0, 10), 'Elif', 'Esra', 'Fatma']),
    community(7, 'nl', 'african',
      ['Jayden', 'Romano', 'Dwayne', 'Virgil', 'Gianni', 'Kenneth', 'Clarence', 'Errol', 'Ruud', 'Humberto'],
      ['Shanice', 'Naomi', 'Gianna', 'Kimberley', 'Chantal', 'Priscilla', 'Jennifer', 'Ingrid', 'Sylvana', 'Gerda']),
    community(5, 'nl', 'south-asian',
      ['Rohan', 'Vishal', 'Amit', 'Ravi', 'Rajesh', 'Sunil', 'Anil', 'Dinesh'],
      ['Priya', 'Anjali', 'Kavita', 'Reshma', 'Shanti', 'Sita', 'Asha', 'Radha']),
  ],
  BE: [
    community(54, 'nl', 'north-european',
      ['Noah', 'Arthur', 'Wout', 'Lander', 'Seppe', 'Robbe', 'Jens', 'Jonas', 'Stijn', 'Pieter-Jan', 'Tom', 'Joris', 'Steven', 'Kris', 'Bart', 'Koen', 'Filip', 'Geert', 'Dirk', 'Wim', 'Jef', 'Luc', 'Marc'],
      ['Olivia', 'Ella', 'Febe', 'Fien', 'Lore', 'Hanne', 'Lien', 'Elise', 'Lotte', 'Jana', 'Nina', 'Ellen', 'Sofie', 'Katrien', 'Veerle', 'Els', 'An', 'Griet', 'Inge', 'Lieve', 'Hilde', 'Rita']),
    community(34, 'fr', 'north-european',
      ['Louis', 'Jules', 'Victor', 'Mathis', 'Maxime', 'Thibault', 'Quentin', 'Nicolas', 'Julien', 'Arnaud', 'Cédric', 'Grégory', 'Olivier', 'Sébastien', 'Xavier', 'Benoît', 'Philippe', 'Michel', 'Jean-Marc', 'Daniel'],
      ['Louise', 'Camille', 'Manon', 'Chloé', 'Justine', 'Amélie', 'Céline', 'Aurore', 'Marie', 'Julie', 'Stéphanie', 'Laurence', 'Valérie', 'Nathalie', 'Isabelle', 'Sophie', 'Martine', 'Chantal', 'Françoise']),
    community(8, 'fr', 'middle-eastern', MAGHREB.male, MAGHREB.female),
    community(4, 'fr', 'african',
      ['Christian', 'Patrick', 'Jonathan', 'Junior', 'Cédric', 'Gaël', 'Serge', 'Jean-Pierre'],
      ['Grâce', 'Divine', 'Merveille', 'Christelle', 'Sarah', 'Nadège', 'Carine', 'Solange']),
  ],
  DE: [
    community(80, 'de', 'north-european',
      ['Finn', 'Leon', 'Elias', 'Noah', 'Paul', 'Jonas', 'Luca', 'Felix', 'Lukas', 'Niklas', 'Tim', 'Jan', 'Philipp', 'Tobias', 'Florian', 'Sebastian', 'Daniel', 'Christian', 'Markus', 'Stefan', 'Michael', 'Andreas', 'Thomas', 'Frank', 'Jürgen', 'Uwe', 'Dirk', 'Wolfgang', 'Klaus', 'Rainer'],
      ['Mia', 'Emilia', 'Hannah', 'Lea', 'Lena', 'Marie', 'Laura', 'Anna', 'Lisa', 'Julia', 'Sarah', 'Katharina', 'Johanna', 'Jana', 'Carolin', 'Franziska', 'Melanie', 'Stefanie', 'Nicole', 'Anja', 'Tanja', 'Sandra', 'Claudia', 'Andrea', 'Sabine', 'Petra', 'Susanne', 'Kerstin', 'Birgit', 'Ute', 'Monika']),
    community(11, 'de', 'middle-eastern', TURKISH.male, TURKISH.female),
    community(5, 'de', 'east-asian', VIETNAMESE_CHINESE.male, VIETNAMESE_CHINESE.female),
    community(4, 'de', 'african',
      ['Malik', 'Samuel', 'David', 'Jerome', 'Kofi', 'Emmanuel', 'Daniel', 'Joseph'],
      ['Amara', 'Naomi', 'Grace', 'Ama', 'Joy', 'Esther', 'Abena', 'Patience']),
  ],
  AT: [
    community(84, 'de', 'north-european',
      ['Jakob', 'Elias', 'David', 'Maximilian', 'Valentin', 'Tobias', 'Lukas', 'Florian', 'Dominik', 'Manuel', 'Patrick', 'Clemens', 'Matthias', 'Christoph', 'Stefan', 'Markus', 'Martin', 'Bernhard', 'Andreas', 'Georg', 'Thomas', 'Gerhard', 'Wolfgang', 'Reinhard', 'Herbert', 'Franz'],
      ['Anna', 'Valentina', 'Magdalena', 'Hannah', 'Sophie', 'Lena', 'Marlene', 'Theresa', 'Katharina', 'Viktoria', 'Julia', 'Lisa', 'Carina', 'Verena', 'Christina', 'Stefanie', 'Bettina', 'Martina', 'Sabine', 'Claudia', 'Andrea', 'Birgit', 'Barbara', 'Elisabeth', 'Renate', 'Gertraud']),
    community(9, 'de', 'south-european',
      ['Luka', 'Filip', 'Marko', 'Amar', 'Dejan', 'Nikola', 'Dragan', 'Goran', 'Zoran', 'Emir'],
      ['Mila', 'Lana', 'Ana', 'Jelena', 'Ivana', 'Amina', 'Lejla', 'Maja', 'Snežana', 'Vesna']),
    community(7, 'de', 'middle-eastern', TURKISH.male, TURKISH.female),
  ],
  CH: [
    community(58, 'de', 'north-european',
      ['Noah', 'Levin', 'Leon', 'Nico', 'Jonas', 'Gian', 'Simon', 'Lukas', 'Fabian', 'Samuel', 'Pascal', 'Adrian', 'Patrick', 'Reto', 'Marco', 'Daniel', 'Stefan', 'Thomas', 'Roger', 'Matthias', 'Beat', 'Urs', 'Jürg', 'Hansruedi'],
      ['Mia', 'Lina', 'Emma', 'Lea', 'Seraina', 'Annina', 'Laura', 'Nina', 'Sarah', 'Jasmin', 'Nadine', 'Corinne', 'Sandra', 'Daniela', 'Franziska', 'Andrea', 'Barbara', 'Regula', 'Monika', 'Ursula', 'Verena', 'Heidi']),
    community(24, 'fr', 'north-european',
      ['Nathan', 'Loïc', 'Raphaël', 'Mathieu', 'Julien', 'Nicolas', 'Cédric', 'Sébastien', 'Olivier', 'Laurent', 'Yves', 'Thierry', 'Michel', 'Claude'],
      ['Léa', 'Camille', 'Noémie', 'Mélanie', 'Aurélie', 'Céline', 'Fabienne', 'Sophie', 'Sandrine', 'Valérie', 'Joëlle', 'Chantal', 'Nicole', 'Monique']),
    community(8, 'it', 'south-european',
      ['Leonardo', 'Matteo', 'Alessandro', 'Luca', 'Nicola', 'Dario', 'Fabio', 'Gianluca', 'Marco', 'Claudio', 'Franco'],
      ['Alessia', 'Chiara', 'Giulia', 'Sara', 'Martina', 'Elena', 'Francesca', 'Valentina', 'Manuela', 'Daniela', 'Rita']),
    community(10, 'de', 'south-european',
      ['Diego', 'Tiago', 'Rui', 'Luka', 'Marko', 'Arben', 'Besnik', 'Fatmir'],
      ['Ana', 'Sofia', 'Inês', 'Marta', 'Albulena', 'Arta', 'Teuta', 'Mirela']),
  ],
  FR: [
    community(73, 'fr', 'north-european',
      ['Gabriel', 'Léo', 'Raphaël', 'Louis', 'Arthur', 'Jules', 'Hugo', 'Lucas', 'Théo', 'Maxime', 'Alexandre', 'Thomas', 'Antoine', 'Romain', 'Julien', 'Nicolas', 'Mathieu', 'Guillaume', 'Sébastien', 'Vincent', 'Christophe', 'Laurent', 'Stéphane', 'Olivier', 'Philippe', 'Pierre', 'Patrick', 'Alain', 'Gérard'],
      ['Jade', 'Louise', 'Emma', 'Chloé', 'Inès', 'Léa', 'Manon', 'Camille', 'Zoé', 'Clara', 'Océane', 'Margaux', 'Pauline', 'Mathilde', 'Charlotte', 'Julie', 'Marie', 'Émilie', 'Aurélie', 'Élodie', 'Audrey', 'Céline', 'Sandrine', 'Nathalie', 'Isabelle', 'Sophie', 'Valérie', 'Sylvie', 'Catherine', 'Martine']),
    community(15, 'fr', 'middle-eastern', [...MAGHREB.male, 'Sofiane', 'Farid', 'Nordine'], [...MAGHREB.female, 'Myriam', 'Sonia', 'Farida']),
    community(8, 'fr', 'african',
      ['Moussa', 'Ibrahim', 'Mamadou', 'Ousmane', 'Cheikh', 'Jordan', 'Kévin', 'Fabrice', 'Serge', 'Didier'],
      ['Aminata', 'Fatou', 'Awa', 'Mariam', 'Aïssatou', 'Kadiatou', 'Christelle', 'Nadège', 'Murielle', 'Josiane']),
    community(4, 'fr', 'east-asian', VIETNAMESE_CHINESE.male, VIETNAMESE_CHINESE.female),
  ],
  IT: [
    community(90, 'it', 'south-european',
      ['Leonardo', 'Francesco', 'Tommaso', 'Edoardo', 'Alessandro', 'Lorenzo', 'Mattia', 'Gabriele', 'Matteo', 'Riccardo', 'Davide', 'Federico', 'Simone', 'Andrea', 'Marco', 'Luca', 'Daniele', 'Emanuele', 'Nicola', 'Stefano', 'Fabio', 'Massimo', 'Roberto', 'Paolo', 'Antonio', 'Giuseppe', 'Giovanni', 'Salvatore', 'Franco', 'Sergio'],
      ['Sofia', 'Aurora', 'Ginevra', 'Beatrice', 'Giulia', 'Alice', 'Emma', 'Giorgia', 'Noemi', 'Martina', 'Chiara', 'Sara', 'Camilla', 'Francesca', 'Valentina', 'Federica', 'Ilaria', 'Elisa', 'Serena', 'Silvia', 'Laura', 'Alessandra', 'Roberta', 'Claudia', 'Elena', 'Monica', 'Daniela', 'Paola', 'Patrizia', 'Rosanna']),
    community(6, 'it', 'south-european',
      ['Andrei', 'Klodian', 'Erion', 'Ionuț', 'Mihai', 'Adrian', 'Florin', 'Gheorghe'],
      ['Denisa', 'Ioana', 'Alessia', 'Elena', 'Andreea', 'Mirela', 'Rodica', 'Mariana']),
    community(4, 'it', 'african',
      ['Samuel', 'Daniel', 'Abdou', 'Moussa', 'Joseph', 'Emmanuel', 'Ibrahima'],
      ['Grace', 'Awa', 'Blessing', 'Joy', 'Fatou', 'Mariam', 'Precious']),
  ],
  ES: [
    community(84, 'es', 'south-european',
      ['Hugo', 'Martín', 'Mateo', 'Leo', 'Lucas', 'Álvaro', 'Pablo', 'Adrián', 'Daniel', 'Alejandro', 'Diego', 'Sergio', 'Javier', 'Iván', 'Rubén', 'David', 'Jorge', 'Carlos', 'Raúl', 'Íñigo', 'Óscar', 'Fernando', 'Miguel', 'Antonio', 'Francisco', 'José', 'Manuel', 'Ramón'],
      ['Lucía', 'Martina', 'Sofía', 'Julia', 'Paula', 'Valeria', 'Alba', 'Noa', 'Carla', 'Daniela', 'Irene', 'Marta', 'Laura', 'Sara', 'Cristina', 'Elena', 'Raquel', 'Nuria', 'Beatriz', 'Patricia', 'Silvia', 'Rocío', 'Inés', 'Ana', 'María', 'Carmen', 'Pilar', 'Mercedes', 'Dolores']),
    community(12, 'es', 'latin',
      ['Santiago', 'Sebastián', 'Camilo', 'Andrés', 'Brayan', 'Jhon', 'Luis Fernando', 'Wilson', 'Edwin', 'César'],
      ['Valentina', 'Mariana', 'Gabriela', 'Daniela', 'Yesenia', 'Luz', 'Karina', 'Marisol', 'Gladys', 'Rosa']),
    community(4, 'es', 'middle-eastern', ['Adam', 'Youssef', 'Hamza', 'Omar', 'Karim', 'Mohamed', 'Rachid'], ['Salma', 'Nour', 'Fátima', 'Nadia', 'Samira', 'Malika', 'Khadija']),
  ],
  PL: [
    community(96, 'pl', 'north-european',
      ['Antoni', 'Jan', 'Aleksander', 'Franciszek', 'Szymon', 'Jakub', 'Filip', 'Kacper', 'Mateusz', 'Bartosz', 'Michał', 'Kamil', 'Dawid', 'Damian', 'Łukasz', 'Paweł', 'Marcin', 'Tomasz', 'Piotr', 'Krzysztof', 'Grzegorz', 'Wojciech', 'Rafał', 'Przemysław', 'Marek', 'Andrzej', 'Jerzy', 'Zbigniew', 'Stanisław'],
      ['Zofia', 'Zuzanna', 'Hanna', 'Julia', 'Maja', 'Lena', 'Alicja', 'Oliwia', 'Natalia', 'Wiktoria', 'Aleksandra', 'Paulina', 'Karolina', 'Marta', 'Magdalena', 'Justyna', 'Monika', 'Agnieszka', 'Katarzyna', 'Joanna', 'Anna', 'Ewa', 'Beata', 'Iwona', 'Dorota', 'Małgorzata', 'Elżbieta', 'Grażyna', 'Halina']),
    community(4, 'pl', 'north-european',
      ['Artem', 'Maksym', 'Dmytro', 'Andrij', 'Oleksandr', 'Taras', 'Serhij', 'Wołodymyr'],
      ['Sofija', 'Anastasija', 'Daria', 'Julija', 'Oksana', 'Iryna', 'Olena', 'Natalija']),
  ],
  GB: [
    community(76, 'en', 'north-european',
      ['Noah', 'Oliver', 'George', 'Arthur', 'Freddie', 'Alfie', 'Harry', 'Oscar', 'Charlie', 'Jack', 'Joshua', 'Callum', 'Ryan', 'Liam', 'Sam', 'Luke', 'Ben', 'Tom', 'Daniel', 'James', 'Matthew', 'Chris', 'Andrew', 'Gareth', 'Rhys', 'Stuart', 'Mark', 'Paul', 'Richard', 'Steve', 'Nigel', 'Graham'],
      ['Olivia', 'Amelia', 'Isla', 'Ava', 'Lily', 'Freya', 'Poppy', 'Grace', 'Ellie', 'Holly', 'Chloe', 'Sophie', 'Lucy', 'Hannah', 'Jessica', 'Katie', 'Rebecca', 'Laura', 'Charlotte', 'Gemma', 'Kirsty', 'Emma', 'Rachel', 'Sarah', 'Claire', 'Joanne', 'Nicola', 'Helen', 'Fiona', 'Karen', 'Alison', 'Julie']),
    community(11, 'en', 'south-asian',
      ['Zain', 'Ayaan', 'Rohan', 'Arjun', 'Imran', 'Harpreet', 'Amir', 'Sanjay', 'Mohammed', 'Tariq', 'Rajesh', 'Vikram'],
      ['Zara', 'Maya', 'Aisha', 'Priya', 'Simran', 'Anjali', 'Nadia', 'Sana', 'Shabana', 'Meena', 'Rupinder', 'Parveen']),
    community(9, 'en', 'african',
      ['Tobi', 'Jordan', 'Kwame', 'Femi', 'Kofi', 'Marcus', 'Andre', 'Daniel', 'Delroy', 'Winston'],
      ['Amara', 'Tiana', 'Kemi', 'Abena', 'Naomi', 'Chantelle', 'Shanice', 'Marcia', 'Yvonne', 'Beverley']),
    community(4, 'en', 'east-asian',
      ['Ethan', 'Kenji', 'Wei', 'Daniel', 'Jun', 'Kevin', 'Michael'],
      ['Mei', 'Lily', 'Grace', 'Jenny', 'Yuki', 'Amy', 'Ling']),
  ],
  IE: [
    community(88, 'en', 'north-european',
      ['Jack', 'Noah', 'James', 'Fionn', 'Oisín', 'Cian', 'Darragh', 'Conor', 'Seán', 'Liam', 'Ciarán', 'Eoin', 'Niall', 'Ronan', 'Shane', 'Cathal', 'Colm', 'Kevin', 'Barry', 'Aidan', 'Kieran', 'Declan', 'Brendan', 'Dónal', 'Pádraig', 'Michael', 'Patrick', 'Séamus'],
      ['Grace', 'Fiadh', 'Emily', 'Saoirse', 'Aoife', 'Éabha', 'Méabh', 'Róisín', 'Caoimhe', 'Niamh', 'Ciara', 'Sinéad', 'Orla', 'Aisling', 'Clodagh', 'Eimear', 'Sarah', 'Laura', 'Siobhán', 'Áine', 'Gráinne', 'Deirdre', 'Mairéad', 'Síle', 'Nuala', 'Bríd', 'Mary']),
    community(7, 'en', 'north-european',
      ['Jakub', 'Tomasz', 'Mantas', 'Andrei', 'Paweł', 'Marek', 'Darius'],
      ['Zuzanna', 'Agnieszka', 'Ieva', 'Kasia', 'Monika', 'Ewa', 'Rasa']),
    community(5, 'en', 'african',
      ['Chidi', 'Emeka', 'Tunde', 'David', 'Samuel', 'Femi'],
      ['Chioma', 'Ngozi', 'Adaeze', 'Blessing', 'Esther', 'Funmi']),
  ],
  US: [
    community(56, 'en', 'north-european',
      ['Liam', 'Noah', 'Oliver', 'Henry', 'Mason', 'Logan', 'Ethan', 'Jackson', 'Caleb', 'Austin', 'Tyler', 'Kyle', 'Ryan', 'Brandon', 'Josh', 'Matt', 'Justin', 'Jacob', 'Jason', 'Chris', 'Brian', 'Kevin', 'Jeff', 'Scott', 'Todd', 'Greg', 'Mike', 'Steve', 'Bill', 'Gary'],
      ['Olivia', 'Emma', 'Harper', 'Evelyn', 'Avery', 'Madison', 'Taylor', 'Hailey', 'Kayla', 'Morgan', 'Alyssa', 'Megan', 'Lauren', 'Brittany', 'Ashley', 'Samantha', 'Amanda', 'Jessica', 'Stephanie', 'Jennifer', 'Heather', 'Amy', 'Kimberly', 'Michelle', 'Lisa', 'Melissa', 'Karen', 'Donna', 'Debbie', 'Linda']),
    community(10, 'en', 'latin',
      ['Mateo', 'Adrian', 'Diego', 'Angel', 'Christian', 'Carlos', 'Luis', 'Jose', 'Miguel', 'Eduardo', 'Ricardo', 'Roberto'],
      ['Camila', 'Sofia', 'Valeria', 'Isabella', 'Gabriela', 'Daniela', 'Vanessa', 'Andrea', 'Monica', 'Veronica', 'Maria', 'Rosa']),
    community(8, 'es', 'latin',
      ['Santiago', 'Mateo', 'Alejandro', 'Diego', 'Javier', 'Jorge', 'Carlos', 'Juan', 'Luis', 'Francisco', 'Ramón', 'Héctor'],
      ['Valentina', 'Camila', 'Sofía', 'Daniela', 'Mariana', 'Alejandra', 'Adriana', 'Claudia', 'Patricia', 'María', 'Lupita', 'Carmen']),
    community(14, 'en', 'african',
      ['Elijah', 'Isaiah', 'Jayden', 'Malik', 'Jordan', 'Darius', 'Marcus', 'Andre', 'Terrence', 'Darnell', 'Derrick', 'Reginald', 'Calvin'],
      ['Aaliyah', 'Zoe', 'Imani', 'Jasmine', 'Kiara', 'Destiny', 'Tiana', 'Brianna', 'Ebony', 'Monique', 'Keisha', 'Tamika', 'Denise']),
    community(6, 'en', 'east-asian',
      ['Ethan', 'Ryan', 'Kevin', 'Daniel', 'Brian', 'Eric', 'Jason', 'Andrew', 'David', 'Kenji', 'Min-jun'],
      ['Chloe', 'Grace', 'Emily', 'Michelle', 'Jenny', 'Christine', 'Vivian', 'Mei', 'Yuna', 'Linda']),
    community(6, 'en', 'south-asian',
      ['Arjun', 'Rohan', 'Nikhil', 'Rahul', 'Vikram', 'Sanjay', 'Raj', 'Anil'],
      ['Anika', 'Priya', 'Neha', 'Shreya', 'Anjali', 'Pooja', 'Sunita', 'Lakshmi']),
  ],
  CA: [
    community(52, 'en', 'north-european',
      ['Liam', 'Noah', 'Lucas', 'Benjamin', 'Owen', 'Logan', 'Ethan', 'Nathan', 'Connor', 'Tyler', 'Ryan', 'Dylan', 'Evan', 'Kyle', 'Brett', 'Justin', 'Jason', 'Graham', 'Mike', 'Jeff', 'Scott', 'Darren', 'Doug', 'Wayne'],
      ['Olivia', 'Emma', 'Charlotte', 'Amelia', 'Ava', 'Hannah', 'Brooke', 'Madison', 'Kaitlyn', 'Megan', 'Jenna', 'Lauren', 'Ashley', 'Jessica', 'Amanda', 'Sarah', 'Lindsay', 'Heather', 'Kelly', 'Tracy', 'Sheila', 'Brenda']),
    community(24, 'fr', 'north-european',
      ['Félix', 'William', 'Thomas', 'Samuel', 'Gabriel', 'Olivier', 'Alexandre', 'Maxime', 'Mathieu', 'Simon', 'Étienne', 'Sébastien', 'Marc-André', 'Jean-François', 'Martin', 'Sylvain', 'Luc', 'Réjean'],
      ['Florence', 'Rosalie', 'Léa', 'Alice', 'Chloé', 'Camille', 'Laurence', 'Émilie', 'Catherine', 'Julie', 'Marie-Ève', 'Stéphanie', 'Geneviève', 'Isabelle', 'Véronique', 'Nathalie', 'Josée', 'Francine']),
    community(9, 'en', 'south-asian',
      ['Arjun', 'Gurpreet', 'Jaspreet', 'Rohan', 'Harjit', 'Amrit', 'Sandeep', 'Rajinder'],
      ['Simran', 'Harleen', 'Navneet', 'Priya', 'Manpreet', 'Kamaljit', 'Sunita', 'Anita']),
    community(10, 'en', 'east-asian',
      ['Ethan', 'Ryan', 'Kevin', 'Jason', 'Wei', 'Daniel', 'Eric', 'Calvin', 'Raymond'],
      ['Chloe', 'Jenny', 'Vivian', 'Grace', 'Mei', 'Cindy', 'Winnie', 'Helen', 'Amy']),
    community(5, 'en', 'african',
      ['Jordan', 'Kwame', 'Daniel', 'Jerome', 'Marcus', 'Emmanuel', 'Patrick'],
      ['Amara', 'Naomi', 'Kayla', 'Chantal', 'Esther', 'Marlene', 'Beverley']),
  ],
  AU: [
    community(76, 'en', 'north-european',
      ['Oliver', 'Noah', 'Leo', 'Jack', 'Henry', 'Charlie', 'Cooper', 'Lachlan', 'Hamish', 'Angus', 'Riley', 'Bailey', 'Jayden', 'Mitchell', 'Brodie', 'Jake', 'Josh', 'Ben', 'Sam', 'Matt', 'Nathan', 'Luke', 'Shane', 'Darren', 'Craig', 'Brett', 'Wayne', 'Greg', 'Bruce'],
      ['Charlotte', 'Isla', 'Olivia', 'Matilda', 'Willow', 'Ruby', 'Sienna', 'Zoe', 'Grace', 'Chloe', 'Georgia', 'Tahlia', 'Tegan', 'Brooke', 'Hayley', 'Jess', 'Courtney', 'Bianca', 'Kylie', 'Kate', 'Sarah', 'Lisa', 'Belinda', 'Michelle', 'Leanne', 'Sharon', 'Kerry']),
    community(10, 'en', 'east-asian',
      ['Ethan', 'Kevin', 'Jason', 'Minh', 'Wei', 'Daniel', 'Tony', 'David'],
      ['Chloe', 'Linh', 'Mei', 'Jenny', 'Grace', 'Vivian', 'Tina', 'Helen']),
    community(8, 'en', 'south-asian',
      ['Aarav', 'Arjun', 'Rahul', 'Aditya', 'Nikhil', 'Sanjay', 'Ravi'],
      ['Ananya', 'Priya', 'Shreya', 'Neha', 'Pooja', 'Anjali', 'Sunita']),
    community(6, 'en', 'south-european',
      ['Luca', 'Marco', 'Nick', 'Dimitri', 'George', 'Tony', 'Con', 'Frank'],
      ['Sophia', 'Eleni', 'Alessia', 'Angela', 'Maria', 'Tina', 'Rita', 'Despina']),
  ],
  NZ: [
    community(66, 'en', 'north-european',
      ['Oliver', 'Jack', 'Leo', 'George', 'Charlie', 'Hunter', 'Finn', 'Lucas', 'Mason', 'Blake', 'Cameron', 'Sam', 'Ben', 'Josh', 'Liam', 'Connor', 'Jordan', 'Nathan', 'Ryan', 'Hamish', 'Craig', 'Grant', 'Murray', 'Bruce'],
      ['Isla', 'Charlotte', 'Amelia', 'Olivia', 'Harper', 'Mia', 'Ruby', 'Lily', 'Ella', 'Sophie', 'Georgia', 'Holly', 'Emma', 'Jessica', 'Hayley', 'Kate', 'Sarah', 'Rachel', 'Nicola', 'Megan', 'Michelle', 'Karen', 'Jan', 'Robyn']),
    community(17, 'en', 'polynesian',
      ['Nikau', 'Manaia', 'Ari', 'Tama', 'Ihaia', 'Wiremu', 'Rawiri', 'Hemi', 'Tane', 'Mikaere', 'Hone', 'Rangi'],
      ['Aria', 'Maia', 'Kaia', 'Anahera', 'Manaia', 'Aroha', 'Hana', 'Ngaio', 'Moana', 'Mere', 'Huia', 'Rangimarie']),
    community(7, 'en', 'polynesian',
      ['Sione', 'Tevita', 'Ioane', 'Malakai', 'Semisi', 'Viliami', 'Filipo'],
      ['Losana', 'Mele', 'Sina', 'Ana', 'Salote', 'Lupe', 'Mele']),
    community(10, 'en', 'east-asian',
      ['Ethan', 'Kevin', 'Wei', 'Jun', 'Daniel', 'Jason', 'Min-jun'],
      ['Mei', 'Grace', 'Jenny', 'Yuna', 'Chloe', 'Vivian', 'Helen']),
  ],
};
