import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addressOf, readGazetteer, searchGazetteer, toSuggestion } from '../../../src/features/maps/gazetteer';
import { createGazetteerSearch } from '../../../src/features/maps/gazetteer-search';

const file = { v: 1, s: [['LA', 'Lagos', 6.5244, 3.3792], ['OG', 'Ogun', 6.998, 3.4737], ['FC', 'Abuja Federal Capital Territory', 8.8941, 7.186]], c: [['Ikeja', 'LA', 6.5965, 3.3421], ['Lagos', 'LA', 6.4541, 3.3947], ['Abeokuta', 'OG', 7.1557, 3.3451], ['Ebute Ikorodu', 'LA', 6.6, 3.488], ['Bad row', 'LA', 'x', 1]], l: [['Ikorodu', 'LA', 6.62, 3.5], ['Eti-Osa', 'LA', 6.45, 3.55], ['Bad LGA', 'LA', null, 3]] };
const places = readGazetteer(file);

describe('the offline gazetteer', () => {
  it('reads states, towns and LGAs with coordinates, skipping rows that are not well formed', () => {
    expect(places.map((place) => place.name)).toEqual(['Lagos State', 'Ogun State', 'Abuja Federal Capital Territory', 'Ikeja', 'Lagos', 'Abeokuta', 'Ebute Ikorodu', 'Ikorodu', 'Eti-Osa']);
    expect(places.find((place) => place.name === 'Eti-Osa')).toMatchObject({ kind: 'lga', stateName: 'Lagos State', lat: 6.45, lng: 3.55 });
    expect(places.find((place) => place.name === 'Ikeja')).toMatchObject({ kind: 'town', stateName: 'Lagos State', lat: 6.5965, lng: 3.3421 });
  });

  it('ranks prefix matches first, then word prefixes, then other matches; states, then towns, then LGAs on a tie', () => {
    expect(searchGazetteer(places, 'lagos').map((place) => place.name)).toEqual(['Lagos State', 'Lagos']);
    expect(searchGazetteer(places, 'ik').map((place) => `${place.name} (${place.kind})`)).toEqual(['Ikeja (town)', 'Ikorodu (lga)', 'Ebute Ikorodu (town)']);
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
    expect(toSuggestion(etiOsa)).toEqual({ id: 'l:LA:Eti-Osa', primary: 'Eti-Osa LGA', secondary: 'Lagos State, Nigeria' });
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
    expect(await search.choose(first!)).toEqual({ address: 'Ikeja, Lagos State, Nigeria', location: { lat: 6.5965, lng: 3.3421 } });
    expect(await search.choose({ id: 'unknown', primary: 'Somewhere', secondary: '' })).toEqual({ address: 'Somewhere', location: null });
  });

  it('a failed load is reported and tried again next time', async () => {
    let attempt = 0;
    const search = createGazetteerSearch(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return file;
    });
    await expect(search.suggest('ikeja')).rejects.toThrow('Could not load the list of places. Please check your connection.');
    expect(await search.suggest('ikeja')).toHaveLength(1);
  });

  it('the generated public/data/ng-places.json has the states and Ikeja, and stays small', () => {
    const text = readFileSync(new URL('../../../public/data/ng-places.json', import.meta.url), 'utf8');
    expect(text.length).toBeLessThan(150 * 1024);
    const generated = readGazetteer(JSON.parse(text));
    expect(generated.filter((place) => place.kind === 'state')).toHaveLength(37);
    expect(searchGazetteer(generated, 'Ikeja')[0]).toMatchObject({ name: 'Ikeja', kind: 'town', stateName: 'Lagos State' });
    // Most of Nigeria's 774 LGAs, and the Lagos and Abuja districts clients book in.
    expect(generated.filter((place) => place.kind === 'lga').length).toBeGreaterThan(700);
    for (const district of ['Yaba', 'Victoria Island', 'Lekki', 'Surulere', 'Ajah', 'Wuse', 'Maitama']) {
      expect(searchGazetteer(generated, district)[0], district).toMatchObject({ kind: 'town' });
    }
    expect(searchGazetteer(generated, 'Eti Osa').find((place) => place.kind === 'lga')).toMatchObject({ stateName: 'Lagos State' });
    // Every place lies inside Nigeria's bounding box (a wrong row once put Delta State in the USA).
    for (const place of generated) {
      expect(place.lat, place.name).toBeGreaterThan(4);
      expect(place.lat, place.name).toBeLessThan(14);
      expect(place.lng, place.name).toBeGreaterThan(2.6);
      expect(place.lng, place.name).toBeLessThan(14.7);
    }
  });
});
