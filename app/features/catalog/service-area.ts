/**
 * The company's service area, apart from the page copy so that the business JSON-LD on every
 * page does not bring the whole copy into the browser's bundle.
 */
/** Where we work; the Utah pages list it and the business JSON-LD names the state. */
export const serviceArea = {
  state: "Utah",
  counties: [
    "Cache",
    "Box Elder",
    "Weber",
    "Davis",
    "Morgan",
    "Salt Lake",
    "Tooele",
    "Summit",
    "Wasatch",
    "Utah",
  ],
  cities: [
    "Logan",
    "Brigham City",
    "Ogden",
    "Layton",
    "Bountiful",
    "Salt Lake City",
    "West Valley City",
    "Sandy",
    "West Jordan",
    "Draper",
    "Tooele",
    "Park City",
    "Heber City",
    "Lehi",
    "Orem",
    "Provo",
    "Spanish Fork",
  ],
} as const;
