import { ConflictError, NotFoundError, ValidationError } from '@qpc/domain';
import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connection-errors.js';
import { errorBody, toHttpError } from './errors.js';
import { socketEndedByPeerError } from './testing.js';

class FakeDriverError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

describe('toHttpError', () => {
  it('when a domain error is thrown, then its status, code and details pass through', () => {
    expect(
      toHttpError(new ValidationError('bad', [{ path: 'name', message: 'required' }])),
    ).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'bad',
      details: [{ path: 'name', message: 'required' }],
    });
    expect(toHttpError(new NotFoundError('gone'))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(toHttpError(new ConflictError('dup'))).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('when the body parser fails, then malformed JSON is 400 and an oversize body 413', () => {
    expect(
      toHttpError(Object.assign(new Error('x'), { type: 'entity.parse.failed', status: 400 })),
    ).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(
      toHttpError(Object.assign(new Error('x'), { type: 'entity.too.large', status: 413 })),
    ).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(
      toHttpError(Object.assign(new Error('x'), { type: 'entity.verify.failed', status: 403 })),
    ).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('when a foreign error carries its own status, then it is not trusted: 500', () => {
    expect(
      toHttpError(Object.assign(new Error('teapot'), { status: 418, statusCode: 418 })),
    ).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
  });

  it('when the database is unreachable, then it is 503 and a duplicate key is 409', () => {
    expect(
      toHttpError(new FakeDriverError('MongoServerSelectionError', 'no server')),
    ).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(
      toHttpError(new FakeDriverError('MongoServerError', 'E11000 duplicate key', 11000)),
    ).toMatchObject({ status: 409, code: 'CONFLICT' });
  });
});

describe('errorBody', () => {
  const internal = { status: 500, code: 'INTERNAL_ERROR' as const, message: 'secret detail' };

  it('when in production, then a 500 says exactly "Internal server error" with no stack', () => {
    expect(errorBody(internal, 'req-1', { isProduction: true, stack: 'Error: at x.js:1' })).toEqual(
      {
        success: false,
        error: { message: 'Internal server error', code: 'INTERNAL_ERROR', requestId: 'req-1' },
      },
    );
  });

  it('when in development, then the message and stack are shown for a 500', () => {
    const body = errorBody(internal, 'req-2', { isProduction: false, stack: 'Error: at x.js:1' });
    expect(body.error).toMatchObject({ message: 'secret detail', stack: 'Error: at x.js:1' });
  });

  it('when a 4xx happens in production, then its message passes through', () => {
    const body = errorBody({ status: 404, code: 'NOT_FOUND', message: 'Paper not found' }, 'r', {
      isProduction: true,
    });
    expect(body.error.message).toBe('Paper not found');
  });
});

describe('toHttpError while the database connection is not open', () => {
  it('when an unrecognised driver error arrives, then it is 503; any other error stays 500', () => {
    // No connection is open in this unit test (readyState 0).
    expect(
      toHttpError(new FakeDriverError('MongoRuntimeError', 'connection dropped')),
    ).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(toHttpError(new FakeDriverError('TypeError', 'bug'))).toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
    });
    expect(
      toHttpError(new FakeDriverError('MongoServerError', 'E11000 duplicate key', 11000)),
    ).toMatchObject({ status: 409 });
  });
});

describe('toHttpError for connection-class errors while the connection still looks open', () => {
  it('when the driver lets a raw EPIPE through (write after the server closed), then 503', async () => {
    const epipe = await socketEndedByPeerError();
    expect(epipe.message).toBe('This socket has been ended by the other party');
    expect((epipe as NodeJS.ErrnoException).code).toBe('EPIPE');
    expect(toHttpError(epipe)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it.each([
    ['MongoNetworkError', new FakeDriverError('MongoNetworkError', 'connection 3 closed')],
    ['MongoServerSelectionError', new FakeDriverError('MongoServerSelectionError', 'no server')],
    ['MongoPoolClearedError', new FakeDriverError('MongoPoolClearedError', 'pool cleared')],
    ['MongoNotConnectedError', new FakeDriverError('MongoNotConnectedError', 'not connected')],
    ['MongoTopologyClosedError', new FakeDriverError('MongoTopologyClosedError', 'closed')],
    [
      'a RetryableWriteError label',
      Object.assign(new FakeDriverError('MongoServerError', 'write failed'), {
        errorLabels: ['RetryableWriteError'],
      }),
    ],
    [
      'a TransientTransactionError label (label set)',
      Object.assign(new FakeDriverError('MongoServerError', 'interrupted'), {
        errorLabelSet: new Set(['TransientTransactionError']),
      }),
    ],
    ['a shutdown code (11600)', new FakeDriverError('MongoServerError', 'interrupted', 11600)],
    // What FerretDB answered while the PostgreSQL under it was killed and restarting.
    [
      "FerretDB's word that PostgreSQL terminated",
      new FakeDriverError(
        'MongoBulkWriteError',
        '[msg_insert.go:168 handler.(*Handler).MsgInsert] FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)',
        1,
      ),
    ],
    // An insertMany that met a killed FerretDB: the network error rewrapped, labels lost.
    [
      "a bulk write's rewrapped network error",
      new FakeDriverError('MongoBulkWriteError', 'connection 3 to 127.0.0.1:42105 closed'),
    ],
    // The same, when the socket was reset under it: the socket's own message, its code lost.
    [
      "a bulk write's rewrapped socket reset",
      new FakeDriverError('MongoBulkWriteError', 'read ECONNRESET'),
    ],
    [
      "FerretDB's word that PostgreSQL refuses connections",
      new FakeDriverError(
        'MongoServerError',
        '[msg_find.go:130 handler.(*Handler).MsgFind] failed to connect to `user=postgres database=ferretdb`: 127.0.0.1:4637 (127.0.0.1): dial error: connect: connection refused',
        1,
      ),
    ],
    ...(['ECONNRESET', 'EPIPE', 'ECONNREFUSED'] as const).map((code): [string, Error] => [
      `${code} wrapped in cause`,
      new Error('operation failed', {
        cause: Object.assign(new Error(`read ${code}`), { code }),
      }),
    ]),
  ])('when %s arrives, then it is 503', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
    expect(toHttpError(error)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('when a plain bug or a client error arrives, then it is not taken for an outage', () => {
    expect(toHttpError(new TypeError('x is undefined'))).toMatchObject({ status: 500 });
    expect(toHttpError(new ValidationError('bad'))).toMatchObject({ status: 400 });
    expect(
      toHttpError(new FakeDriverError('MongoServerError', 'E11000 duplicate key', 11000)),
    ).toMatchObject({ status: 409 });
    expect(isConnectionError(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(
      false,
    );
    // A PostgreSQL error that is not about the connection stays what it is.
    expect(
      isConnectionError(
        new FakeDriverError('MongoServerError', 'ERROR: division by zero (SQLSTATE 22012)', 1),
      ),
    ).toBe(false);
  });
});
