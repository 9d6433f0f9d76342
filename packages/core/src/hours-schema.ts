/**
 * The stored and wire form of a store's opening hours (see `hours.ts`), as the search answer
 * and the store documents carry them. Readers drop hours that do not have this form.
 */
import { z } from 'zod';
import type { StoreHours } from './hours.js';
import { isTimeZone } from './hours-zone.js';

const interval = z
  .tuple([z.number().int().min(0).max(1439), z.number().int().min(1).max(2880)])
  .refine(([open, close]) => close > open && close - open <= 1440, 'not an interval');

export const storeHoursSchema: z.ZodType<StoreHours> = z.object({
  timeZone: z.string().refine(isTimeZone, 'not a time zone'),
  week: z.array(z.array(interval)).length(7),
  special: z.array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      hours: z.array(interval),
      name: z.string().optional(),
    }),
  ),
});

/** The status of the search answer (as of the request). */
export const hoursStatusWireSchema = z.object({
  open: z.boolean(),
  changeAt: z.number().nullable(),
});
