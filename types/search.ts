// What a member (or visitor) searches for on /members; the games and the visitor index share it.

/** '' is "everyone". */
export type GenderChoice = 'male' | 'female' | '';

export interface SearchFilters {
  gender: GenderChoice;
  /** '' is every country of the site (the searcher's own country still comes first). */
  country: string;
  region: string;
  minAge: number | null;
  maxAge: number | null;
  /** Most recently active first, or nearest first ("near me"). */
  order: SearchOrder;
}

export const SEARCH_ORDERS = ['active', 'near'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];
