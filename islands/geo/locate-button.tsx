// "Use my location": a button, never a prompt at page load. Asks the browser for its position, then
// hands the place (country, region, city) to the form around it. Denied or unavailable, it says so
// in a short note and the form works as before. Hidden where the browser has no geolocation.
import { useEffect, useState } from 'react';
import { LOCATE_TEXT_KEYS, type GeoPermission, type GeocodeAnswer, type LocateTexts } from '../../types/geo.js';
import { LocateError, geoPermission, locateMe } from '../lib/geolocation.js';

/** The texts from a translate function over the islands' `locate` section. */
export function locateTexts(t: (key: string) => string): LocateTexts {
  return Object.fromEntries(LOCATE_TEXT_KEYS.map((k) => [k, t(k)])) as unknown as LocateTexts;
}

type State = { kind: 'idle' } | { kind: 'locating' } | { kind: 'found'; place: string } | { kind: 'note'; text: string };

interface Props {
  texts: LocateTexts;
  /** The countries the form offers; a place elsewhere is not filled in. */
  countries: string[];
  onFound: (place: GeocodeAnswer) => void;
}

export function LocateButton({ texts, countries, onFound }: Props) {
  const [permission, setPermission] = useState<GeoPermission | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });

  // The permission is the browser's to tell, after hydration; until then the button stays hidden.
  useEffect(() => {
    void geoPermission().then(setPermission);
  }, []);

  async function locate() {
    setState({ kind: 'locating' });
    try {
      const place = await locateMe();
      if (!place) return setState({ kind: 'note', text: texts.notFound });
      if (!countries.includes(place.country)) return setState({ kind: 'note', text: texts.otherCountry });
      onFound(place);
      setState({ kind: 'found', place: [...new Set([place.city, place.region].filter(Boolean))].join(', ') });
    } catch (err) {
      const reason = err instanceof LocateError ? err.reason : 'unavailable';
      if (reason === 'denied') setPermission('denied');
      setState({ kind: 'note', text: reason === 'denied' ? texts.denied : texts.unavailable });
    }
  }

  if (permission === null || permission === 'unsupported') return null;
  const blocked = permission === 'denied';
  return (
    <div className="locate" data-testid="locate" data-permission={permission}>
      {!blocked && (
        <button type="button" className="btn btn--light btn--sm locate__button" onClick={() => void locate()} disabled={state.kind === 'locating'} data-testid="locate-button">
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24"><path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" fill="currentColor" /></svg>
          {state.kind === 'locating' ? texts.locating : texts.button}
        </button>
      )}
      <p className="locate__note" role="status" data-testid="locate-note">
        {state.kind === 'found' ? texts.found.replace('{{place}}', state.place) : state.kind === 'note' ? state.text : blocked ? texts.denied : ''}
      </p>
    </div>
  );
}
