// A few of Bangladesh's places (#36), as GET /api/locations answers them:
// two divisions, three districts, a handful of areas.
import type { Locations, ProductArea } from "@/api/locations";

export const locations: Locations = {
  divisions: [
    {
      _id: "30",
      name: "Dhaka",
      nameBn: "ঢাকা",
      lat: 23.81,
      lon: 90.41,
      districts: [
        {
          _id: "26",
          name: "Dhaka",
          nameBn: "ঢাকা",
          lat: 23.81,
          lon: 90.41,
          areas: [
            { _id: "2648", name: "Mirpur", nameBn: "মিরপুর", lat: 23.8223, lon: 90.3654 },
            { _id: "2695", name: "Uttara", nameBn: "উত্তরা", lat: 23.8759, lon: 90.3795 },
          ],
        },
        {
          _id: "33",
          name: "Gazipur",
          nameBn: "গাজীপুর",
          lat: 24.0,
          lon: 90.42,
          areas: [
            { _id: "3330", name: "Gazipur Sadar", nameBn: "গাজীপুর সদর", lat: 23.99, lon: 90.42 },
            { _id: "3386", name: "Tongi", nameBn: "টঙ্গী", lat: 23.89, lon: 90.4 },
          ],
        },
      ],
    },
    {
      _id: "20",
      name: "Chattogram",
      nameBn: "চট্টগ্রাম",
      lat: 22.36,
      lon: 91.78,
      districts: [
        {
          _id: "15",
          name: "Chattogram",
          nameBn: "চট্টগ্রাম",
          lat: 22.36,
          lon: 91.78,
          areas: [{ _id: "1555", name: "Pahartali", nameBn: "পাহাড়তলী", lat: 22.37, lon: 91.78 }],
        },
      ],
    },
  ],
};

/** Mirpur as a product carries it. */
export const mirpur: ProductArea = {
  _id: "2648",
  name: "Mirpur",
  nameBn: "মিরপুর",
  district: { _id: "26", name: "Dhaka", nameBn: "ঢাকা" },
  division: { _id: "30", name: "Dhaka", nameBn: "ঢাকা" },
};

/** Tongi as a product carries it. */
export const tongi: ProductArea = {
  _id: "3386",
  name: "Tongi",
  nameBn: "টঙ্গী",
  district: { _id: "33", name: "Gazipur", nameBn: "গাজীপুর" },
  division: { _id: "30", name: "Dhaka", nameBn: "ঢাকা" },
};
