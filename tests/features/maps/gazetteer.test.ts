import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addressOf,
  houseNumberOf,
  readGazetteer,
  searchGazetteer,
  toSuggestion,
} from '../../../src/features/maps/gazetteer';
import { createGazetteerSearch } from '../../../src/features/maps/gazetteer-search';
import { labelOfPoint, nearbyLabel } from '../../../src/features/maps/nearest-place';

const file = {
  v: 1,
  s: [
    ['LA', 'Lagos', 6.5244, 3.3792],
    ['OG', 'Ogun', 6.998, 3.4737],
    ['FC', 'Abuja Federal Capital Territory', 8.8941, 7.186],
  ],
  c: [
    ['Ikeja', 'LA', 6.5965, 3.3421],
    ['Lagos', 'LA', 6.4541, 3.3947],
    ['Abeokuta', 'OG', 7.1557, 3.3451],
    ['Ebute Ikorodu', 'LA', 6.6, 3.488],
    ['Bad row', 'LA', 'x', 1],
  ],
  l: [
    ['Ikorodu', 'LA', 6.62, 3.5],
    ['Eti-Osa', 'LA', 6.45, 3.55],
    ['Bad LGA', 'LA', null, 3],
  ],
};
const places = readGazetteer(file);

describe('the offline gazetteer', () => {
  it('reads states, towns and LGAs with coordinates, skipping rows that are not well formed', () => {
    expect(places.map((place) => place.name)).toEqual([
      'Lagos State',
      'Ogun State',
      'Abuja Federal Capital Territory',
      'Ikeja',
      'Lagos',
      'Abeokuta',
      'Ebute Ikorodu',
      'Ikorodu',
      'Eti-Osa',
    ]);
    expect(places.find((place) => place.name === 'Eti-Osa')).toMatchObject({
      kind: 'lga',
      stateName: 'Lagos State',
      lat: 6.45,
      lng: 3.55,
    });
    expect(places.find((place) => place.name === 'Ikeja')).toMatchObject({
      kind: 'town',
      stateName: 'Lagos State',
      lat: 6.5965,
      lng: 3.3421,
    });
  });

  it('ranks prefix matches first, then word prefixes, then other matches; states, then towns, then LGAs on a tie', () => {
    expect(searchGazetteer(places, 'lagos').map((place) => place.name)).toEqual(['Lagos State', 'Lagos']);
    expect(searchGazetteer(places, 'ik').map((place) => `${place.name} (${place.kind})`)).toEqual([
      'Ikeja (town)',
      'Ikorodu (lga)',
      'Ebute Ikorodu (town)',
    ]);
    expect(searchGazetteer(places, 'eti').map((place) => place.id)).toEqual(['l:LA:Eti-Osa']);
    expect(searchGazetteer(places, 'eja').map((place) => place.name)).toEqual(['Ikeja']);
  });

  it('ignores case, accents and punctuation, and narrows by state after a comma', () => {
    expect(searchGazetteer(places, '  IKÉJA ').map((place) => place.name)).toEqual(['Ikeja']);
    expect(searchGazetteer(places, 'a, ogun').map((place) => place.name)).toEqual(['Abeokuta']);
    expect(searchGazetteer(places, '')).toEqual([]);
  });

  it('suggestions and addresses name the state and Nigeria', () => {
    const ikeja = places.find((place) => place.name === 'Ikeja')!;
    expect(toSuggestion(ikeja)).toEqual({ id: 'c:LA:Ikeja', primary: 'Ikeja', secondary: 'Lagos State, Nigeria' });
    expect(addressOf(ikeja)).toBe('Ikeja, Lagos State, Nigeria');
    expect(addressOf(places[0]!)).toBe('Lagos State, Nigeria');
    const etiOsa = places.find((place) => place.name === 'Eti-Osa')!;
    expect(toSuggestion(etiOsa)).toEqual({
      id: 'l:LA:Eti-Osa',
      primary: 'Eti-Osa LGA',
      secondary: 'Lagos State, Nigeria',
    });
    expect(addressOf(etiOsa)).toBe('Eti-Osa LGA, Lagos State, Nigeria');
  });

  it('the adapter loads the file once and gives the chosen place its coordinates', async () => {
    let loads = 0;
    const search = createGazetteerSearch(async () => {
      loads += 1;
      return file;
    });
    const [first] = await search.suggest('ikeja');
    await search.suggest('lag');
    expect(loads).toBe(1);
    expect(await search.choose(first!)).toEqual({
      address: 'Ikeja, Lagos State, Nigeria',
      location: { lat: 6.5965, lng: 3.3421 },
    });
    expect(await search.choose({ id: 'unknown', primary: 'Somewhere', secondary: '' })).toEqual({
      address: 'Somewhere',
      location: null,
    });
  });

  it('a failed load is reported and tried again next time', async () => {
    let attempt = 0;
    const search = createGazetteerSearch(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return file;
    });
    await expect(search.suggest('ikeja')).rejects.toThrow(
      'Could not load the list of places. Please check your connection.',
    );
    expect(await search.suggest('ikeja')).toHaveLength(1);
  });

  it('the generated public/data/ng-places.json has the states and Ikeja, and stays small', () => {
    const text = readFileSync(new URL('../../../public/data/ng-places.json', import.meta.url), 'utf8');
    expect(text.length).toBeLessThan(150 * 1024);
    const generated = readGazetteer(JSON.parse(text));
    expect(generated.filter((place) => place.kind === 'state')).toHaveLength(37);
    expect(searchGazetteer(generated, 'Ikeja')[0]).toMatchObject({
      name: 'Ikeja',
      kind: 'town',
      stateName: 'Lagos State',
    });
    // Most of Nigeria's 774 LGAs, and the Lagos and Abuja districts clients book in.
    expect(generated.filter((place) => place.kind === 'lga').length).toBeGreaterThan(700);
    for (const district of ['Yaba', 'Victoria Island', 'Lekki', 'Surulere', 'Ajah', 'Wuse', 'Maitama']) {
      expect(searchGazetteer(generated, district)[0], district).toMatchObject({ kind: 'town' });
    }
    expect(searchGazetteer(generated, 'Eti Osa').find((place) => place.kind === 'lga')).toMatchObject({
      stateName: 'Lagos State',
    });
    // Every place lies inside Nigeria's bounding box (a wrong row once put Delta State in the USA).
    for (const place of generated) {
      expect(place.lat, place.name).toBeGreaterThan(4);
      expect(place.lat, place.name).toBeLessThan(14);
      expect(place.lng, place.name).toBeGreaterThan(2.6);
      expect(place.lng, place.name).toBeLessThan(14.7);
    }
  });
});

const withLandmarks = {
  ...file,
  p: [
    ['Awolowo Way', 'LA', 6.6018, 3.3515, 'street', 'Ikeja', 'Obafemi Awolowo Way'],
    ['Awolowo Road', 'LA', 6.447, 3.423, 'street', 'Ikoyi'],
    ['Ikeja City Mall', 'LA', 6.6137, 3.3578, 'landmark', 'Alausa, Ikeja', 'Shoprite Ikeja|ICM'],
    ['Lagos Lagoon Market', 'LA', 6.5, 3.4, 'landmark', 'Lagos Island'],
    ['Bad kind', 'LA', 6.5, 3.4, 'river', 'Lagos'],
  ],
};
const all = readGazetteer(withLandmarks);
const names = (query: string) => searchGazetteer(all, query).map((place) => place.name);

describe('streets, markets and landmarks in the gazetteer', () => {
  it('are read with their area and other names; rows of an unknown kind are skipped', () => {
    expect(all.find((place) => place.name === 'Ikeja City Mall')).toMatchObject({
      kind: 'landmark',
      area: 'Alausa, Ikeja',
      aliases: ['Shoprite Ikeja', 'ICM'],
      stateName: 'Lagos State',
    });
    expect(all.find((place) => place.name === 'Awolowo Road')).toMatchObject({
      kind: 'street',
      area: 'Ikoyi',
      aliases: [],
    });
    expect(all.some((place) => place.name === 'Bad kind')).toBe(false);
  });

  it('a street chosen without a house number is approximate (the driver needs details); with one it is not', async () => {
    const search = createGazetteerSearch(async () => withLandmarks);
    const [road] = await search.suggest('Awolowo Road');
    expect(await search.choose(road!)).toMatchObject({
      address: 'Awolowo Road, Ikoyi, Lagos State, Nigeria',
      approximate: true,
    });
    const [numbered] = await search.suggest('22 Awolowo Road');
    expect((await search.choose(numbered!)).approximate).toBeUndefined();
    const [mall] = await search.suggest('Ikeja City Mall');
    expect((await search.choose(mall!)).approximate).toBeUndefined();
  });

  it('a typed house number is kept for the address of a street, not searched for', () => {
    expect(houseNumberOf('22 Awolowo Way, Ikeja')).toBe('22');
    expect(houseNumberOf('No. 15b Awolowo Way')).toBe('15B');
    expect(houseNumberOf('Lekki Phase 1')).toBe('');
    expect(houseNumberOf('22')).toBe('');
    const way = all.find((place) => place.name === 'Awolowo Way')!;
    expect(toSuggestion(way, '22')).toEqual({
      id: 'p:LA:Ikeja:Awolowo Way#22',
      primary: '22 Awolowo Way',
      secondary: 'Ikeja, Lagos State, Nigeria',
    });
    expect(addressOf(way, '22')).toBe('22 Awolowo Way, Ikeja, Lagos State, Nigeria');
    const mall = all.find((place) => place.name === 'Ikeja City Mall')!;
    expect(toSuggestion(mall, '22').primary).toBe('Ikeja City Mall');
    expect(addressOf(mall)).toBe('Ikeja City Mall, Alausa, Ikeja, Lagos State, Nigeria');
  });

  it('every typed word must start a word of the name, the area or the state, and one must name the place', () => {
    expect(names('22 Awolowo Way, Ikeja')).toEqual(['Awolowo Way']);
    expect(names('awolowo ikoyi')).toEqual(['Awolowo Road']);
    expect(names('Shoprite Ikeja City Mall')).toEqual(['Ikeja City Mall']);
    expect(names('awolowo')).toEqual(['Awolowo Road', 'Awolowo Way']);
    // Another name counts like the name: 'ICM', 'Obafemi Awolowo Way'.
    expect(names('icm')).toEqual(['Ikeja City Mall']);
    expect(names('obafemi awolowo')).toEqual(['Awolowo Way']);
  });

  it('towns and LGAs come before streets and landmarks of the same match; a state name alone lists no streets', () => {
    // Awolowo Way is in Ikeja, but 'ikeja' does not name it.
    expect(searchGazetteer(all, 'ikeja').map((place) => `${place.name} (${place.kind})`)).toEqual([
      'Ikeja (town)',
      'Ikeja City Mall (landmark)',
    ]);
    expect(names('lagos')).toEqual(['Lagos State', 'Lagos', 'Lagos Lagoon Market']);
    expect(names('Ikeja City Mall, Ikeja')).toEqual(['Ikeja City Mall']);
  });

  it('the adapter keeps the house number through to the chosen address', async () => {
    const search = createGazetteerSearch(async () => withLandmarks);
    const [first] = await search.suggest('22 Awolowo Way, Ikeja');
    expect(first).toMatchObject({ primary: '22 Awolowo Way', secondary: 'Ikeja, Lagos State, Nigeria' });
    expect(await search.choose(first!)).toEqual({
      address: '22 Awolowo Way, Ikeja, Lagos State, Nigeria',
      location: { lat: 6.6018, lng: 3.3515 },
    });
  });
});

describe('the label of any point (offline)', () => {
  it("is the nearest town, district or landmark: 'Near ...', or how far it is", () => {
    expect(labelOfPoint(all, { lat: 6.6, lng: 3.345 })).toBe('Near Ikeja, Lagos');
    expect(labelOfPoint(all, { lat: 6.6135, lng: 3.3575 })).toBe('Near Ikeja City Mall, Lagos');
    expect(labelOfPoint(all, { lat: 7.9, lng: 3.35 })).toBe('About 83 km from Abeokuta, Ogun');
    // A town named like its state does not repeat it.
    expect(nearbyLabel(all.find((place) => place.name === 'Lagos' && place.kind === 'town')!, 100)).toBe('Near Lagos');
    expect(labelOfPoint([], { lat: 6.6, lng: 3.3 })).toBeNull();
  });

  it('the adapter labels a point; without its file (offline, first visit) the coordinates say where', async () => {
    expect(await createGazetteerSearch(async () => withLandmarks).describe({ lat: 6.6, lng: 3.345 })).toBe(
      'Near Ikeja, Lagos',
    );
    expect(
      await createGazetteerSearch(() => Promise.reject(new Error('offline'))).describe({ lat: 6.6, lng: 3.345 }),
    ).toBe('Pinned location 6.600000, 3.345000');
  });
});

describe('the generated file: streets, markets and landmarks of Lagos and Abuja', () => {
  const generated = readGazetteer(
    JSON.parse(readFileSync(new URL('../../../public/data/ng-places.json', import.meta.url), 'utf8')),
  );
  const first = (query: string) => {
    const search = searchGazetteer(generated, query);
    return search[0] ? toSuggestion(search[0], houseNumberOf(query)) : undefined;
  };

  it('finds the examples clients type', () => {
    expect(first('22 Awolowo Way, Ikeja')).toMatchObject({
      primary: '22 Awolowo Way',
      secondary: 'Ikeja, Lagos State, Nigeria',
    });
    expect(first('Allen Avenue')).toMatchObject({ primary: 'Allen Avenue', secondary: 'Ikeja, Lagos State, Nigeria' });
    expect(first('Admiralty Way Lekki')).toMatchObject({
      primary: 'Admiralty Way',
      secondary: 'Lekki Phase 1, Lagos State, Nigeria',
    });
    expect(first('Shoprite Ikeja City Mall')).toMatchObject({ primary: 'Ikeja City Mall' });
    expect(first('Balogun Market')).toMatchObject({
      primary: 'Balogun Market',
      secondary: 'Lagos Island, Lagos State, Nigeria',
    });
    expect(first('Computer Village')).toMatchObject({ primary: 'Computer Village' });
    expect(first('Wuse Market')).toMatchObject({ secondary: 'Wuse, Federal Capital Territory, Nigeria' });
    expect(first('Jabi Lake Mall')).toMatchObject({ primary: 'Jabi Lake Mall' });
    // The Abuja district, beside the Jigawa town of the same name.
    expect(searchGazetteer(generated, 'Garki').map((place) => toSuggestion(place).secondary)).toContain(
      'Federal Capital Territory, Nigeria',
    );
  });

  it('streets and landmarks lie in their city (Lagos or Abuja)', () => {
    const boxes: Record<string, [number, number, number, number]> = {
      'Lagos State': [6.35, 6.75, 2.9, 4.1],
      'Federal Capital Territory': [8.4, 9.4, 6.7, 7.7],
    };
    const curated = generated.filter((place) => place.kind === 'street' || place.kind === 'landmark');
    expect(curated.length).toBeGreaterThan(60);
    for (const place of curated) {
      const [minLat, maxLat, minLng, maxLng] = boxes[place.stateName]!;
      expect(place.lat, place.name).toBeGreaterThan(minLat);
      expect(place.lat, place.name).toBeLessThan(maxLat);
      expect(place.lng, place.name).toBeGreaterThan(minLng);
      expect(place.lng, place.name).toBeLessThan(maxLng);
      expect(place.area, place.name).not.toBe('');
    }
  });

  it('labels points in Lagos and Abuja by their district', () => {
    expect(labelOfPoint(generated, { lat: 6.5095, lng: 3.3711 })).toBe('Near Yaba, Lagos');
    expect(labelOfPoint(generated, { lat: 9.072, lng: 7.482 })).toMatch(/^Near [\w ]+, Abuja$/);
  });
});
