// Multipart photo uploads held in memory (at most one file of MAX_UPLOAD_BYTES); the photos
// service decodes and re-encodes them, so nothing is written as it came.
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { ValidationError } from '../errors.js';
import { MAX_UPLOAD_BYTES } from '../services/photos/photo-processing.js';

const parser = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } }).single('photo');

export const photoUpload: RequestHandler = (req, res, next) => {
  parser(req, res, (err: unknown) => {
    if (!err) return next();
    const tooLarge = err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE';
    const key = tooLarge ? 'photoTooLarge' : 'photoType';
    next(new ValidationError({ photo: key }, key, { photo: { max: MAX_UPLOAD_BYTES / 1024 / 1024 } }));
  });
};

/** The upload as a promise, for a form that shows a refused file like any other error of its own. */
export function readPhotoUpload(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => photoUpload(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
}
