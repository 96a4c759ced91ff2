// The geo worker: owns the city table and the country borders, so that reading 23 MB of GeoNames
// data (about a second of CPU) never blocks the app's event loop and its ~30 MB stay apart.
// Started by geo-worker-client.ts on first use; answers one message per request.
import { parentPort } from 'node:worker_threads';
import { iso1A2Code } from '@rapideditor/country-coder';
import { loadCityTable } from './city-table.js';
import { GeoData } from './geo-data.js';
import type { GeoRequest, GeoResponse } from './geo-protocol.js';
import { loadWorldShapes, type WorldShapes } from './world-shapes.js';

const port = parentPort!;
const data = new GeoData(loadCityTable(), (lat, lon) => {
  const territory = iso1A2Code([lon, lat], { level: 'territory' });
  const country = iso1A2Code([lon, lat]);
  return territory && country ? { territory, country } : null;
});
/** The countries' shapes, read on the first map asked for (a few MB, only where maps are drawn). */
let world: WorldShapes | undefined;

function answer(req: GeoRequest): unknown {
  switch (req.op) {
    case 'reverse':
      return data.reverse(req.lat, req.lon, req.lng);
    case 'locate':
      return req.items.map((i) => data.locate(i.country, i.regionCode, i.city));
    case 'centroid':
      return data.centroid(req.country, req.regionCode ?? undefined);
    case 'mainland':
      return (world ??= loadWorldShapes()).mainlandBox(req.countries);
    case 'mapShapes':
      return (world ??= loadWorldShapes()).shapes(req.box, req.highlight);
    case 'mapPlaces':
      return data.biggestIn(req.box, req.countries, req.limit);
    case 'regionBox':
      return data.regionBox(req.country, req.regionCode);
  }
}

port.on('message', (req: GeoRequest) => {
  let res: GeoResponse;
  try {
    res = { id: req.id, result: answer(req) };
  } catch (err) {
    res = { id: req.id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(res);
});
port.postMessage({ ready: true } satisfies GeoResponse);
