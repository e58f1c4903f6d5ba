/**
 * Saved places (docs/product.md, Create task): POST /client/places lists 'Home', 'Work' and the
 * last addresses used; /client/places/save keeps 'Home' or 'Work'; /client/places/delete forgets one.
 */
import { Hono } from 'hono';
import type { PlacesResponse, SavePlaceResponse } from '../../src/shared/contract';
import { isInNigeria } from '../../src/shared/geo';
import { deletePlaceSchema, placesSchema, savePlaceSchema } from '../../src/shared/schemas/places';
import type { AppEnv } from '../context';
import { deletePlace, listPlaces, savePlace } from '../db/places';
import { requireClient } from '../http/roles';
import { badRequest } from '../http/errors';
import { jsonBody } from '../http/validator';

export const placesRoutes = new Hono<AppEnv>();

placesRoutes.post('/client/places', requireClient(), jsonBody(placesSchema), async (c) => {
  const callerId = c.var.client.id;
  return c.json({ data: await listPlaces(c.var.deps.db, callerId) } satisfies PlacesResponse);
});

placesRoutes.post('/client/places/save', requireClient(), jsonBody(savePlaceSchema), async (c) => {
  const callerId = c.var.client.id;
  const { label, address, addressDetails = '', location } = c.req.valid('json');
  const [lng, lat] = location.coordinates;
  if (!isInNigeria({ lat, lng })) throw badRequest('Location must be in Nigeria');
  const place = await savePlace(c.var.deps.db, callerId, { label, address, lat, lng, addressDetails });
  return c.json({ data: place } satisfies SavePlaceResponse);
});

placesRoutes.post('/client/places/delete', requireClient(), jsonBody(deletePlaceSchema), async (c) => {
  const callerId = c.var.client.id;
  const { label } = c.req.valid('json');
  await deletePlace(c.var.deps.db, callerId, label);
  return c.json({ data: { deleted: label } });
});
