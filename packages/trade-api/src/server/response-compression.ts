import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * How every server of the project compresses its answers as it sends them (`@fastify/compress`,
 * registered before the routes): brotli, else gzip, from 1 kB up, with `vary: accept-encoding`.
 * Request bodies are not decompressed: clients send small JSON, and a compressed body could
 * unpack to far more than the body limit allows.
 */
export const responseCompression: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  globalDecompression: false,
};
