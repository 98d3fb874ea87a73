import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

/** An error as pg, Node's sockets or node:sqlite raise it. */
function failure(message: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), fields);
}

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a refused connection',
      failure('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
    ],
    ['a reset connection', failure('read ECONNRESET', { code: 'ECONNRESET' })],
    [
      'a server shutting down (57P01)',
      failure('terminating connection due to administrator command', { code: '57P01' }),
    ],
    [
      'a server starting up (57P03)',
      failure('the database system is starting up', { code: '57P03' }),
    ],
    [
      'a statement timeout (57014)',
      failure('canceling statement due to statement timeout', { code: '57014' }),
    ],
    ['a connection exception (08006)', failure('connection failure', { code: '08006' })],
    ['too many connections (53300)', failure('sorry, too many clients already', { code: '53300' })],
    ['a pool that waited too long', failure('timeout exceeded when trying to connect')],
    ['a stalled statement', failure('Query read timeout')],
    ['a connection lost mid-call', failure('Connection terminated unexpectedly')],
    [
      'a SQLite file locked too long',
      failure('database is locked', { code: 'ERR_SQLITE_ERROR', errcode: 5 }),
    ],
    [
      'a migration that failed for a lost connection',
      new Error('Migration 0001 failed', { cause: failure('x', { code: 'ECONNREFUSED' }) }),
    ],
  ])('knows %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', failure('duplicate key value', { code: '23505' })],
    ['a syntax error (42601)', failure('syntax error at or near', { code: '42601' })],
    [
      'a SQLite constraint',
      failure('UNIQUE constraint failed', { code: 'ERR_SQLITE_ERROR', errcode: 19 }),
    ],
    ['a programming error', new TypeError('cannot read properties of undefined')],
    ['something thrown that is not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s to be an internal error', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
