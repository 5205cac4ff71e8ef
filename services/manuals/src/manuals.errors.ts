import { domainErrors, ErrorCatalogue } from '@clima/common';
import { MANUAL_MESSAGES as M } from '@clima/contract';

/** Every error the manuals service answers with; the texts live in the contract, shared with the admin forms. */
export enum ManualsError {
  ManualNotFound = 'manual-not-found',
  FileNotFound = 'file-not-found',
  FixedManufacturerModel = 'fixed-manufacturer-model',
  RequiredFields = 'required-fields',
  NothingToUpdate = 'nothing-to-update',
  UploadedFileMissing = 'uploaded-file-missing',
}

const E = ManualsError;

const CATALOGUE: ErrorCatalogue<ManualsError> = {
  [E.ManualNotFound]: { status: 404, message: M.notFound },
  [E.FileNotFound]: { status: 404, message: M.fileNotFound },
  [E.FixedManufacturerModel]: { status: 400, message: M.fixedManufacturerModel },
  [E.RequiredFields]: { status: 400, message: M.requiredFields },
  [E.NothingToUpdate]: { status: 400, message: M.nothingToUpdate },
  [E.UploadedFileMissing]: { status: 400, message: M.uploadedFileMissing },
};

/** `throw manualsError(ManualsError.ManualNotFound)`: status and message from the catalogue above. */
export const manualsError = domainErrors(CATALOGUE);
