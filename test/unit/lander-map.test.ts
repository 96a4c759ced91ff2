// The maplanding map's pieces: the plane geometry (clipping, simplifying, compact paths, frames a
// phone shows well), the country shapes from Natural Earth (mainlands, small paths), and where the
// pins, photo markers, the visitor's words and the towns' names go (never on top of each other).
import { expect } from 'chai';
import { clipRing, encodeRing, frameAround, aspectOf, projectionOf, simplifyLine, type Point } from '../../server/services/geo/map-geometry.js';
import { loadWorldShapes, type WorldShapes } from '../../server/services/geo/world-shapes.js';
import { MAP_FEATURED, MAP_FEATURED_WIDE, placePins } from '../../server/services/landers/map-pins.js';
import { COUNTRIES } from '../../types/countries.js';

describe('lander map', () => {
  describe('geometry', () => {
    it('clips a ring to a rectangle', () => {
      const square: Point[] = [[-5, -5], [5, -5], [5, 5], [-5, 5]];
      const clipped = clipRing(square, 0, 0, 10, 10);
      expect(clipped.every(([x, y]) => x >= 0 && y >= 0 && x <= 10 && y <= 10)).to.equal(true);
      expect(clipped).to.deep.include.members([[0, 0], [5, 0], [5, 5], [0, 5]]);
      expect(clipRing(square, 20, 20, 30, 30)).to.deep.equal([]);
    });

    it('simplifies a line within the tolerance and keeps its ends', () => {
      const wobbly: Point[] = [[0, 0], [1, 0.1], [2, -0.1], [3, 0.05], [4, 0], [4, 4]];
      expect(simplifyLine(wobbly, 0.5)).to.deep.equal([[0, 0], [4, 0], [4, 4]]);
      expect(simplifyLine(wobbly, 0.01)).to.have.length(6);
    });

    it('writes a ring as whole-unit relative steps', () => {
      expect(encodeRing([[10.2, 20.4], [13.1, 18.2], [9.9, 17.6], [10.2, 20.4]])).to.equal('M10 20l3-2-3 0z');
      // Collapsed to fewer than three points: nothing to draw.
      expect(encodeRing([[1, 1], [1.2, 1.1], [1.1, 0.9]])).to.equal('');
    });

    it('frames a box in a phone-friendly shape, within the poles and the date line', () => {
      const tall = frameAround({ west: -8, south: 50, east: 2, north: 61 }, { pad: 0.06, minSpan: 1, minAspect: 0.8, maxAspect: 1.6 });
      expect(aspectOf(tall)).to.be.closeTo(0.8, 0.01);
      const wide = frameAround({ west: -125, south: 25, east: -67, north: 49 }, { pad: 0.06, minSpan: 1, minAspect: 0.8, maxAspect: 1.6 });
      expect(aspectOf(wide)).to.be.closeTo(1.6, 0.05);
      const world = frameAround({ west: -170, south: -60, east: 179, north: 80 }, { pad: 0.1, minSpan: 1, minAspect: 0.8, maxAspect: 1.6 });
      expect([world.west >= -180, world.east <= 180, world.south >= -85, world.north <= 85]).to.deep.equal([true, true, true, true]);
      expect(projectionOf(tall).width).to.equal(600);
    });
  });

  describe('country shapes', function () {
    this.timeout(20_000);
    let world: WorldShapes;
    before(() => {
      world = loadWorldShapes();
    });

    it('frames a country on its mainland: not Alaska, Hawaii or French Guiana; Corsica and Tasmania in', () => {
      const us = world.mainlandBox(['US'])!;
      expect([us.north < 50, us.west > -126, us.south > 24]).to.deep.equal([true, true, true]);
      const fr = world.mainlandBox(['FR'])!;
      expect([fr.west > -6, fr.east > 9.4, fr.south < 41.5]).to.deep.equal([true, true, true]);
      expect(world.mainlandBox(['AU'])!.south).to.be.below(-43);
      expect(world.mainlandBox(['NZ'])!.north).to.be.above(-35);
      expect(world.mainlandBox(['XX'])).to.equal(null);
    });

    it('draws every site country and its neighbours in a few kilobytes', () => {
      for (const c of COUNTRIES) {
        const box = frameAround(world.mainlandBox([c])!, { pad: 0.06, minSpan: 1, minAspect: 0.8, maxAspect: 1.6 });
        const shapes = world.shapes(box, [c]);
        expect(shapes.land, c).to.match(/^M\d+ \d+l/);
        expect(shapes.land.length + shapes.neighbours.length, c).to.be.below(6_500);
      }
      // The site's countries on every continent: the world, still small.
      const all = ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'];
      const shapes = world.shapes(frameAround(world.mainlandBox(all)!, { pad: 0.06, minSpan: 1, minAspect: 0.8, maxAspect: 1.6 }), all);
      expect(shapes.land.length + shapes.neighbours.length).to.be.below(8_000);
    });
  });

  describe('pins', () => {
    const projection = { width: 600, height: 600, project: (lon: number, lat: number): Point => [lon, lat] };
    type Box = { x0: number; y0: number; x1: number; y1: number };
    const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

    it('puts the people of one place on one pin, leaves out those off the map', () => {
      const { pins } = placePins(
        [{ id: 1, longitude: 300, latitude: 300 }, { id: 2, longitude: 300.2, latitude: 300.1 }, { id: 3, longitude: 700, latitude: 300 }],
        projection,
        null,
      );
      expect(pins).to.have.length(1);
      expect(pins[0]!.profileIds).to.deep.equal([1, 2]);
      expect(pins[0]!.featured).to.equal(1);
    });

    it('features as many photo markers as fit without overlapping, inside the map, beside the visitor', () => {
      // A crowd: a grid of places, too close for every one to carry a photo.
      const people = Array.from({ length: 36 }, (_, i) => ({ id: i + 1, longitude: 60 + (i % 6) * 90, latitude: 60 + Math.floor(i / 6) * 90 }));
      const { pins, visitor } = placePins(people, projection, [300, 300]);
      const featured = pins.filter((p) => p.featured !== null && !p.wide);
      expect(featured.length).to.be.within(2, MAP_FEATURED);
      // A desktop's map shows a few more, clear of the phone's (they take less of it there).
      const wide = pins.filter((p) => p.featured !== null && p.wide);
      expect(wide.length).to.be.within(1, MAP_FEATURED_WIDE);
      // The marker's footprint (map-pins.ts: 108 × 88 px on a 360 px map, 600 units wide).
      const unit = 600 / 360;
      const boxes = featured.map((p) => (p.below ? { x0: p.x - 54 * unit, y0: p.y - 8 * unit, x1: p.x + 54 * unit, y1: p.y + 80 * unit } : { x0: p.x - 54 * unit, y0: p.y - 80 * unit, x1: p.x + 54 * unit, y1: p.y + 8 * unit }));
      for (const [i, a] of boxes.entries()) {
        expect([a.x0 >= 0, a.y0 >= 0, a.x1 <= 600, a.y1 <= 600], `marker ${i}`).to.deep.equal([true, true, true, true]);
        for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).to.equal(false);
        // The middle of the visitor's ring stays in sight.
        expect(overlaps(a, { x0: 300 - 7 * unit, y0: 300 - 7 * unit, x1: 300 + 7 * unit, y1: 300 + 7 * unit })).to.equal(false);
      }
      expect(visitor).to.include({ x: 300, y: 300 });
      // Its words are kept before any marker: they always find a side on a map this size.
      expect(visitor!.label).to.be.oneOf(['below', 'above', 'right', 'left']);
    });

    it('names towns only where nothing else is, and marks the visitor only when on the map', () => {
      const towns = [
        { name: 'Bigtown', longitude: 100, latitude: 500 },
        { name: 'Neartown', longitude: 104, latitude: 502 },
        { name: 'Fartown', longitude: 400, latitude: 100 },
      ];
      const { labels, visitor } = placePins([], projection, [900, 900], towns);
      expect(labels.map((l) => l.name)).to.deep.equal(['Bigtown', 'Fartown']);
      expect(visitor).to.equal(null);
    });
  });
});
