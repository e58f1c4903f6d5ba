import { describe, expect, it, vi } from 'vitest';
import type { PlaceSearch } from '../../../src/features/maps/place-search';
import { createPlaceSearch } from '../../../src/features/maps/configured-place-search';

const ikeja = { id: 'ikeja', primary: 'Ikeja', secondary: 'Lagos State' };
const adapter: PlaceSearch = {
  suggest: async () => [ikeja],
  choose: async () => ({ address: 'Ikeja, Lagos State', location: { lat: 6.6, lng: 3.35 } }),
  describe: async () => 'Near Ikeja, Lagos',
};

describe('createPlaceSearch', () => {
  it('loads no adapter while the screen paints, only on first use, and then once', async () => {
    const load = vi.fn(async () => adapter);
    const search = createPlaceSearch(undefined, load);
    expect(load).not.toHaveBeenCalled();
    expect(await search.suggest('ike')).toEqual([ikeja]);
    expect(await search.choose(ikeja)).toEqual({ address: 'Ikeja, Lagos State', location: { lat: 6.6, lng: 3.35 } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('prepare starts the load ahead of use, once', async () => {
    const load = vi.fn(async () => adapter);
    const search = createPlaceSearch('a-google-key', load);
    search.prepare();
    search.prepare();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('a-google-key');
    expect(await search.suggest('ike')).toEqual([ikeja]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load (no network) is tried again on the next use; prepare never throws', async () => {
    const load = vi
      .fn<(key: string | undefined) => Promise<PlaceSearch>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(adapter);
    const search = createPlaceSearch(undefined, load);
    search.prepare();
    await expect(search.suggest('ike')).rejects.toThrow('offline');
    expect(await search.suggest('ike')).toEqual([ikeja]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
