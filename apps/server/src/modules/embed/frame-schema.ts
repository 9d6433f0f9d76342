/**
 * The frame page's query (frame.ts), declared once as a zod schema that Fastify validates
 * (openapi/validation.ts), as the APIs' routes do; not in the OpenAPI documents. It names the
 * element's attributes with the values each accepts; a value that does not fit is left out
 * (never an error: the page shows the element with its own defaults), other parameters are
 * ignored.
 */
import { z } from 'zod';

/** An attribute's value when it matches `pattern`; left out otherwise. */
const attribute = (pattern: RegExp) => z.string().regex(pattern).optional().catch(undefined);

/** The element attributes the frame's query may set, in the order the page writes them. */
export const frameQuerySchema = z.object({
  country: attribute(/^[a-z]{2,8}$/i),
  lang: attribute(/^[a-z]{2,3}$/i),
  channel: attribute(/^(sales|service|training)$/),
  product: attribute(/^[\w-]{1,40}$/),
  place: attribute(/^[^<>"'`]{1,200}$/),
  lat: attribute(/^-?\d{1,2}(\.\d{1,8})?$/),
  lon: attribute(/^-?\d{1,3}(\.\d{1,8})?$/),
});

export type FrameQuery = z.output<typeof frameQuerySchema>;
