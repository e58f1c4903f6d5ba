import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addressOf, readGazetteer, searchGazetteer, toSuggestion } from '../../../src/features/maps/gazetteer';
import { createGazetteerSearch } from '../../../src/features/maps/gazetteer-search';

const file = { v: 1, s: [['LA', 'Lagos', 6.5244, 3.3792], ['OG', 'Ogun', 6.998, 3.4737], ['FC', 'Abuja Federal Capital Territory', 8.8941, 7.186]], c: [['Ikeja', 'LA', 6.5965, 3.3421], ['Lagos', 'LA', 6.4541, 3.3947], ['Abeokuta', 'OG', 7.1557, 3.3451], ['Ebute Ikorodu', 'LA', 6.6, 3.488], ['Bad row', 'LA', 'x', 1]] };
const places = readGazetteer(file);

describe('the offline gazetteer', () => {
  it('reads states and towns with coordinates, skipping rows that are not well formed', () => {
    expect(places.map((place) => place.name)).toEqual(['Lagos State', 'Ogun State', 'Abuja Federal Capital Territory', 'Ikeja', 'Lagos', 'Abeokuta', 'Ebute Ikorodu']);
    expect(places.find((place) => place.name === 'Ikeja')).toMatchObject({ kind: 'town', stateName: 'Lagos State', lat: 6.5965, lng: 3.3421 });
  });

  it('ranks prefix matches first, then word prefixes, then other matches; states before towns on a tie', () => {
    expect(searchGazetteer(places, 'lagos').map((place) => place.name)).toEqual(['Lagos State', 'Lagos']);
    expect(searchGazetteer(places, 'ik').map((place) => place.name)).toEqual(['Ikeja', 'Ebute Ikorodu']);
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
    expect(searchGazetteer(generated, 'Ikeja')[0]).toMatchObject({ name: 'Ikeja', stateName: 'Lagos State' });
  });
});
