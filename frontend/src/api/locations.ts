// Bangladesh's places (#36): divisions › districts › areas (upazilas and
// thanas), with English and Bangla names and coordinates, as GET
// /api/locations answers them; the add-product form picks one, and the
// lists filter by them. The set changes only with a migration: it is read
// once a visit and not again on focus.
import useSWR from "swr";
import type { ApiError } from "@/lib/api";
import type { Lang } from "@/lib/i18n";

/** One place: its id (stable, from the dataset), its names and its centre. */
export type Place = {
  _id: string;
  name: string;
  nameBn: string;
  lat: number;
  lon: number;
};

/** An upazila or a thana. */
export type Area = Place;

/** A district (zila) and its areas. */
export type District = Place & { areas: Area[] };

/** A division and its districts. */
export type Division = Place & { districts: District[] };

/** GET /api/locations. */
export type Locations = { divisions: Division[] };

/** A place's name as a product carries it. */
export type PlaceName = { _id: string; name: string; nameBn: string };

/** A product's area (Product JSON "area"): the area with its district and division. */
export type ProductArea = PlaceName & { district: PlaceName; division: PlaceName };

export const LOCATIONS_KEY = "/api/locations";

/** useLocations loads every division, district and area (once a visit). */
export function useLocations() {
  return useSWR<Locations, ApiError>(LOCATIONS_KEY, { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false });
}

/** placeName is a place's name in the language shown (the English one when it has no Bangla). */
export function placeName(p: Pick<PlaceName, "name" | "nameBn">, lang: Lang): string {
  return lang === "bn" && p.nameBn ? p.nameBn : p.name;
}

/** byName sorts places by their names in the language shown. */
export function byName<T extends PlaceName>(list: T[], lang: Lang): T[] {
  const locale = lang === "bn" ? "bn" : "en";
  return [...list].sort((a, b) => placeName(a, lang).localeCompare(placeName(b, lang), locale));
}

/** Where an area is: its division and district; undefined for an unknown id. */
export type AreaPath = { division: Division; district: District; area: Area };

/** findArea finds an area by id, with its district and division. */
export function findArea(divisions: Division[] | undefined, id: string): AreaPath | undefined {
  for (const division of divisions ?? []) {
    for (const district of division.districts) {
      const area = district.areas.find((a) => a._id === id);
      if (area) return { division, district, area };
    }
  }
  return undefined;
}

/** findDistrict finds a district by id, with its division. */
export function findDistrict(divisions: Division[] | undefined, id: string): { division: Division; district: District } | undefined {
  for (const division of divisions ?? []) {
    const district = division.districts.find((d) => d._id === id);
    if (district) return { division, district };
  }
  return undefined;
}

/** findDivision finds a division by id. */
export function findDivision(divisions: Division[] | undefined, id: string): Division | undefined {
  return divisions?.find((d) => d._id === id);
}

/** areaText is a product's place for people: "Mirpur, Dhaka" (area, district), by language. */
export function areaText(a: ProductArea, lang: Lang): string {
  const area = placeName(a, lang);
  const district = placeName(a.district, lang);
  return area === district ? area : `${area}, ${district}`;
}

/** areaPathText is a product's place in full: "Gazipur Sadar, Gazipur, Dhaka" (area, district, division; a name said once). */
export function areaPathText(a: ProductArea, lang: Lang): string {
  const names = [placeName(a, lang), placeName(a.district, lang), placeName(a.division, lang)];
  return names.filter((n, i) => names.indexOf(n) === i).join(", ");
}
