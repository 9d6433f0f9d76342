/**
 * A fetched globalmatrix answer read with its one contract, @locator/core's config-response
 * schema (the schema the server serialises it with), loaded with the schema library on first
 * use: the results page loads that library anyway, and a visitor who starts on a page with its
 * configuration preloaded never fetches one. The preloaded configuration is written by the same
 * server into the same response as the page, through the same schema.
 *
 * In a module of its own, so that code which fetches configurations without it (the
 * embeddable elements) does not keep the schema library in its bundle.
 */
import type { GlobalMatrixResponse } from '@locator/core';

/** Reads a globalmatrix answer, or throws when it is not one. */
export type MatrixReader = (body: unknown) => Promise<GlobalMatrixResponse>;

export const readWithSchema: MatrixReader = async (body) => {
  const { globalMatrixResponseSchema } = await import('@locator/core/config-response');
  const parsed = globalMatrixResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error('globalmatrix: unexpected response');
  return parsed.data;
};
