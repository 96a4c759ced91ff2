// Maps drawn on the server as inline SVG (the maplanding lander): a box of the earth, projected
// onto a viewBox `MAP_WIDTH` wide, with its land as SVG path data.

/** A box of longitudes and latitudes in degrees (west < east: no box crosses the date line). */
export interface GeoBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The land in a box, as SVG path data in viewBox units (`width` × `height`). */
export interface MapShapes {
  width: number;
  height: number;
  /** The countries the map is about. */
  land: string;
  /** Every other country in view, drawn faint for context. */
  neighbours: string;
}

/** A town or city named on a map (its local name), for orientation. */
export interface MapPlace {
  name: string;
  latitude: number;
  longitude: number;
}

/** A place with shown profiles on a lander's map (a city's position, never a member's own). */
export interface MapPin {
  x: number;
  y: number;
  /** The shown profiles at this place, in the page's order. */
  profileIds: number[];
  /** The profile drawn as a round photo with name and age here; null: a dot. */
  featured: number | null;
  /** The photo hangs under the place rather than standing above it (no room above). */
  below: boolean;
  /** The marker is one a desktop's wider map has room for: hidden on smaller screens. */
  wide: boolean;
}

/** The visitor's rough area: a ring, its words on the side where no marker is (null: no room, the legend explains it). */
export interface MapVisitor {
  x: number;
  y: number;
  label: 'below' | 'above' | 'right' | 'left' | null;
}

/** A town named on a lander's map, its words on the side of its dot where they fit. */
export interface MapLabel {
  name: string;
  x: number;
  y: number;
  side: 'right' | 'left';
}

/** A lander's map: the shapes, the pins, and the visitor's rough area when their country is known. */
export interface LanderMap extends MapShapes {
  pins: MapPin[];
  /** A few of the biggest towns, for orientation, where no marker or other label is. */
  labels: MapLabel[];
  /** The middle of the visitor's country (GeoIP knows no more), when it lies on the map. */
  visitor: MapVisitor | null;
}
