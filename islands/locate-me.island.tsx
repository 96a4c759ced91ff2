// "Use my location" on the own-profile form (/profile), a server form that works without it: the
// place found fills the form's country, region and city fields; saving stays the member's choice.
import type { GeocodeAnswer } from '../types/geo.js';
import { LocateButton, locateTexts } from './geo/locate-button.js';
import { useIsland } from './runtime.js';

export interface LocateMeProps {
  /** The id of the form whose country, region and city fields to fill. */
  formId: string;
  countries: string[];
}

function fill(form: HTMLFormElement, place: GeocodeAnswer): void {
  const country = form.elements.namedItem('country');
  if (country instanceof HTMLSelectElement) country.value = place.country;
  // Region names repeat across countries (Limburg): pick the one in the place's country's group.
  const region = form.querySelector<HTMLSelectElement>('select[name="region"]');
  if (region) {
    const option = [...region.querySelectorAll<HTMLOptionElement>(`optgroup[data-country="${place.country}"] option`)].find((o) => o.value === place.region);
    if (option) option.selected = true;
    else region.value = '';
  }
  const city = form.elements.namedItem('city');
  if (city instanceof HTMLInputElement) city.value = place.city;
}

export default function LocateMe({ formId, countries }: LocateMeProps) {
  const { t } = useIsland();
  return (
    <LocateButton
      texts={locateTexts(t)} countries={countries}
      onFound={(place) => {
        const form = document.getElementById(formId);
        if (form instanceof HTMLFormElement) fill(form, place);
      }}
    />
  );
}
