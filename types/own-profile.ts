// The member's own profile page (/profile): what it shows and what its form sends back.

export const GENDERS = ['male', 'female'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;

export type PhotoStatus = 'pending' | 'active' | 'rejected';

export interface OwnPhoto {
  id: number;
  status: PhotoStatus;
  isMain: boolean;
  url: string;
  thumbUrl: string;
}

/** The form's fields as strings, exactly as a form posts them (and shows them again after an error). */
export interface OwnProfileValues {
  birth_year: string;
  birth_month: string;
  birth_day: string;
  gender: string;
  sexuality: string;
  country: string;
  region: string;
  city: string;
  about: string;
  hair_color: string;
  eye_color: string;
  body_type: string;
  relationship_status: string;
  /** 'yes', 'no' or '' (not given). */
  tattoos: string;
  interests: string[];
}

export interface OwnProfile {
  id: number;
  /** The username: shown, never edited here. */
  name: string;
  status: string;
  values: OwnProfileValues;
  photos: OwnPhoto[];
  photoLimit: { used: number; max: number; premium: boolean; premiumMax: number };
  /** Limits the form shows; the server checks the same ones. */
  fieldLimits: { aboutMax: number; cityMax: number; maxInterests: number };
}
