// Points of the demo's places (latitude, longitude), approximate: the cities' centres, and the
// addresses of demo events, services and organisations (looked up by the address text).
// Wieliczka, Katowice, Łódź, Pruszków and Potsdam sit near the bigger cities so that radius
// searches have something between "this city" and "anywhere".

export type SeedPoint = readonly [latitude: number, longitude: number];

export const LOCATION_POINTS: Record<string, SeedPoint> = {
  varshava: [52.2297, 21.0122],
  krakiv: [50.0647, 19.945],
  vrotslav: [51.1079, 17.0385],
  berlin: [52.52, 13.405],
  praha: [50.0755, 14.4378],
  london: [51.5072, -0.1276],
  toronto: [43.6532, -79.3832],
  "niu-iork": [40.7128, -74.006],
  velichka: [49.9871, 20.0645],
  katovitse: [50.2649, 19.0238],
  lodz: [51.7592, 19.456],
  prushkuv: [52.1709, 20.8122],
  potsdam: [52.3906, 13.0645],
};

const ADDRESS_POINTS: Record<string, SeedPoint> = {
  "ul. Marszałkowska 10, Warszawa": [52.2213, 21.0167],
  "Rynek Główny, Kraków": [50.0617, 19.9373],
  "Kantstraße 20, Berlin": [52.5058, 13.3225],
  "222 E 6th St, New York": [40.7266, -73.9874],
  "Legerova 5, Praha": [50.0724, 14.4311],
  "ul. Świdnicka 3, Wrocław": [51.1085, 17.0315],
  "154 Holland Park Ave, London": [51.5063, -0.2107],
  "2445 Bloor St W, Toronto": [43.6494, -79.4838],
  "ul. Grochowska 120, Warszawa": [52.2445, 21.0865],
  "Unter den Linden 6, Berlin": [52.5177, 13.3936],
  "620 Spadina Ave, Toronto": [43.6634, -79.4028],
  "Palackého 1, Praha": [50.0815, 14.4214],
  "ul. Oławska 2, Wrocław": [51.1086, 17.0388],
  "ul. Kamienna 4, Kraków": [50.0736, 19.9431],
  "30 E 7th St, New York": [40.7286, -73.9885],
  "Tempelhofer Feld, Berlin": [52.4731, 13.4017],
  "ul. Mazowiecka 11, Warszawa": [52.2386, 21.0136],
  "60 Simcoe St, Toronto": [43.6475, -79.3867],
  "ul. Ruska 46, Wrocław": [51.1096, 17.0253],
  "ul. Hoża 12/4, Warszawa": [52.2275, 21.0172],
  "al. Jerozolimskie 55, Warszawa": [52.2286, 21.0083],
  "ul. Karmelicka 7, Kraków": [50.0652, 19.9322],
  "ul. Długa 30, Kraków": [50.0712, 19.9403],
  "Wilmersdorfer Str. 90, Berlin": [52.5035, 13.3056],
  "Václavské nám. 20, Praha": [50.0813, 14.4262],
  "Vinohradská 100, Praha": [50.0776, 14.4562],
  "Acton High St 12, London": [51.5077, -0.2705],
  "Acton High St 80, London": [51.5071, -0.2752],
  "2nd Ave 144, New York": [40.7291, -73.9868],
  "2199 Bloor St W, Toronto": [43.6502, -79.4752],
};

/** The columns of a demo item's point: its address's, or none (then its city's point stands for it). */
export function addressPoint(address: string | null | undefined): { latitude: number | null; longitude: number | null } {
  const point = address ? ADDRESS_POINTS[address] : undefined;
  return { latitude: point?.[0] ?? null, longitude: point?.[1] ?? null };
}
