/** Request schemas of saved places: save 'Home' or 'Work' (a place as a task carries it), forget one. */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import {
  ADDRESS_DETAILS_CONTROL_CHARACTERS,
  ADDRESS_DETAILS_MAX_LENGTH,
  ADDRESS_DETAILS_TOO_LONG,
  hasForbiddenControlCharacters,
  normalizeAddressDetails,
} from '../validation/address-details';
import { NOT_AN_OBJECT, text } from './fields';
import { geoPointSchema } from './tasks';

const label = z.enum(['home', 'work'], { error: "label must be 'home' or 'work'" });

export const savePlaceSchema = z.object(
  {
    label,
    address: text('address', { max: MAX_LENGTH.address, label: 'Address' })
      .trim()
      .min(1, { error: 'address is required' }),
    addressDetails: text('addressDetails', {
      max: ADDRESS_DETAILS_MAX_LENGTH,
      multiline: true,
      label: 'Address details',
      tooLong: ADDRESS_DETAILS_TOO_LONG,
      badCharacters: ADDRESS_DETAILS_CONTROL_CHARACTERS,
    })
      .refine((value) => !hasForbiddenControlCharacters(value), { error: ADDRESS_DETAILS_CONTROL_CHARACTERS })
      .transform(normalizeAddressDetails)
      .optional(),
    location: geoPointSchema,
  },
  { error: NOT_AN_OBJECT },
);

export const deletePlaceSchema = z.object({ label }, { error: NOT_AN_OBJECT });

export const placesSchema = z.object({}, { error: NOT_AN_OBJECT });
