import { domainErrors, ErrorCatalogue } from '@clima/common';
import { CATALOG_MESSAGES as M } from '@clima/contract';

/** Every error the catalog answers with; the texts live in the contract beside the schemas that use them. */
export enum CatalogError {
  ContentNotFound = 'content-not-found',
  ContentSignedOut = 'content-signed-out',
  CategoryNotFound = 'category-not-found',
  UnknownCategory = 'unknown-category',
  SlugRequired = 'slug-required',
  SlugTaken = 'slug-taken',
  VideoNotFound = 'video-not-found',
}

const E = CatalogError;

const CATALOGUE: ErrorCatalogue<CatalogError> = {
  [E.ContentNotFound]: { status: 404, message: M.contentNotFound },
  [E.ContentSignedOut]: { status: 401, message: M.contentSignedOut },
  [E.CategoryNotFound]: { status: 404, message: M.categoryNotFound },
  // a content naming a category that does not exist: the body is wrong, not the path
  [E.UnknownCategory]: { status: 400, message: M.categoryNotFound },
  [E.SlugRequired]: { status: 400, message: M.slugRequired },
  [E.SlugTaken]: { status: 409, message: M.slugTaken },
  [E.VideoNotFound]: { status: 404, message: M.videoNotFound },
};

/** `throw catalogError(CatalogError.ContentNotFound)`: status and message from the catalogue above. */
export const catalogError = domainErrors(CATALOGUE);
