/** Colombia's places as printed: the DIVIPOLA names of a municipality and its department. */
import { placeOf } from './divipola';
import type { PlaceNames } from '../country';

export const coPlaces: PlaceNames = (city) => {
  const place = placeOf({ ...city, country_code: 'CO' });
  // A municipality whose name the list does not have (not installed): its DANE code, so the address stays exact.
  const cityName = place?.cityName || (city.city_code ? `Municipio ${city.city_code}` : null);
  return { cityName, stateName: place?.stateName ?? null };
};
