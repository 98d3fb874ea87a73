import { apiErrorCode } from '@tradein/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../server/http-error.ts';

/*
 * Photo uploads (a seller's, an inspector's bench photo) send the image itself as the body, not
 * JSON: their routes live in a plugin context of their own that reads bodies as raw bytes.
 */

/** The refusal of a body that is no photo (empty, or of a type that is no image). */
export function notAPhoto(): HttpError {
  return new HttpError(415, apiErrorCode.photoType, 'Only JPEG, PNG or WebP photos');
}

/**
 * Makes `upload` (a plugin context of its own) take every body as bytes whatever its declared
 * type (the content decides, photo-image.ts), up to `maxBytes` instead of the API's JSON limit;
 * a body over it, or an unreadable content type, answers with the photo's codes.
 */
export function acceptRawPhotos(upload: FastifyInstance, maxBytes: number): void {
  upload.removeAllContentTypeParsers();
  upload.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );
  // Rethrown errors go on to the API's error handler, which answers them in the contract's shape.
  upload.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new HttpError(
        413,
        apiErrorCode.photoTooLarge,
        `A photo may have at most ${maxBytes / 1024 / 1024} MB`,
      );
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw notAPhoto();
    throw error;
  });
}
