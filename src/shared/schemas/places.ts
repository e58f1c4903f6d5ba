/** Request schemas of saved places: save 'Home' or 'Work' (a place as a task carries it), forget one. */
import { z } from 'zod';
import { NOT_AN_OBJECT } from './fields';
import { addressDetailsField, addressField, geoPointSchema } from './tasks';

const label = z.enum(['home', 'work'], { error: "label must be 'home' or 'work'" });

export const savePlaceSchema = z.object(
  { label, address: addressField(), addressDetails: addressDetailsField(), location: geoPointSchema },
  { error: NOT_AN_OBJECT },
);

export const deletePlaceSchema = z.object({ label }, { error: NOT_AN_OBJECT });

export const placesSchema = z.object({}, { error: NOT_AN_OBJECT });
