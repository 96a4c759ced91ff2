// Profile shapes shown on pages and given to islands.

export interface PhotoView {
  id: number;
  /** What the viewer may see: the real picture, or the server-made blurred one. */
  url: string;
  thumbUrl: string;
  locked: boolean;
}

export interface ProfileCard {
  id: number;
  name: string;
  age: number;
  city: string | null;
  region: string | null;
  country: string;
  gender: 'male' | 'female';
  isFictional: boolean;
  photo: { url: string; thumbUrl: string } | null;
  online: boolean;
}

export interface ProfileDetail extends ProfileCard {
  sexuality: string;
  about: string | null;
  attributes: { key: string; value: string }[];
  interests: string[];
  photos: PhotoView[];
  photoCount: number;
}
