// Multipart photo uploads held in memory (at most one file of MAX_UPLOAD_BYTES); the photos
// service decodes and re-encodes them, so nothing is written as it came.
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { PayloadTooLargeError, ValidationError } from '../errors.js';
import { MAX_UPLOAD_BYTES } from '../services/photos/photo-processing.js';

const parser = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } }).single('photo');

const SIZE_LIMITS = new Set(['LIMIT_PART_COUNT', 'LIMIT_FILE_COUNT', 'LIMIT_FIELD_KEY', 'LIMIT_FIELD_VALUE', 'LIMIT_FIELD_COUNT']);

/** multer's refusals: over a limit is 413 (the photo's own message for the photo), anything else a bad file. */
function uploadError(err: unknown): Error {
  const max = MAX_UPLOAD_BYTES / 1024 / 1024;
  if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeError('photoTooLarge', { max }, { photo: 'photoTooLarge' });
  if (err instanceof multer.MulterError && SIZE_LIMITS.has(err.code)) return new PayloadTooLargeError();
  return new ValidationError({ photo: 'photoType' }, 'photoType', { photo: { max } });
}

export const photoUpload: RequestHandler = (req, res, next) => {
  parser(req, res, (err: unknown) => next(err ? uploadError(err) : undefined));
};

/** The upload as a promise, for a form that shows a refused file like any other error of its own. */
export function readPhotoUpload(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => photoUpload(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
}
