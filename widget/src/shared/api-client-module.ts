// The HTTP client with the retry rule and the answer parsing (client-core), in its own chunk.
export { createApiClient } from '@tradein/client-core';
